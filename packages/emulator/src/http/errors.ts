// The error envelope of document 000 §7: `{error: {type, message, code?, fields?}}`.

export interface ApiErrorInit {
  code?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A documented refusal: thrown by any layer, answered as the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, type: string, message: string, init: ApiErrorInit = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = init.code;
    this.fields = init.fields;
    this.headers = init.headers ?? {};
  }

  get body(): { error: { type: string; message: string; code?: string; fields?: Record<string, string> } } {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code !== undefined ? { code: this.code } : {}),
        ...(this.fields !== undefined ? { fields: this.fields } : {}),
      },
    };
  }
}

/** 400 `validation_failed` with `fields` naming each failing key. */
export const invalid = (fields: Record<string, string>, message?: string): ApiError =>
  new ApiError(
    400,
    'bad_request',
    message ??
      `Invalid request: ${Object.entries(fields)
        .map(([k, v]) => `${k} ${v}`)
        .join('; ')}`,
    { code: 'validation_failed', fields },
  );

/** 404 `No such <thing>`. */
export const notFound = (thing: string): ApiError => new ApiError(404, 'not_found', `No such ${thing}`);

export const conflict = (code: string, message: string): ApiError => new ApiError(409, 'conflict', message, { code });

export const planRequired = (code: string | undefined, message: string): ApiError =>
  new ApiError(403, 'plan_required', message, code ? { code } : {});
