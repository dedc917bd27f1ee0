// The public types of create-extkit, in one place.

/** What `create` is asked for; anything left out is defaulted, prompted for, or reported missing. */
export interface CreateInput {
  /** The folder to create; it must not exist or be empty. */
  dir?: string;
  /** A template name from `listTemplates()`, e.g. "site-component". */
  template?: string;
  /** The extension's manifest id, kebab-case; default the folder's name when that is kebab-case. */
  id?: string;
  /** The display name (at most 80 characters); default from the id ("my-card" → "My Card"). */
  name?: string;
  /** The publisher handle, kebab-case; it prefixes every component id (`<publisher>.<id>.<role>`). */
  publisher?: string;
  /** Accept the defaults without asking (the template defaults to "site-component"). */
  yes?: boolean;
  /** The package manager the project's README names its commands for; default the one running create (npm_config_user_agent), else npm. */
  packageManager?: 'npm' | 'pnpm' | 'yarn';
}

/** The fields `create` needs, in the order they are asked for. */
export type Field = 'dir' | 'template' | 'id' | 'name' | 'publisher';

/** A reason `create` refused or failed, with a stable code (documented in docs/create.md). */
export interface CreateDiagnostic {
  code: CreateCode;
  /** The field the diagnostic is about, when it is about one. */
  field?: Field;
  message: string;
}

export type CreateCode =
  | 'create.missing'
  | 'create.template_unknown'
  | 'create.id_not_kebab_case'
  | 'create.publisher_not_kebab_case'
  | 'create.name_invalid'
  | 'create.dir_not_empty'
  | 'create.dir_not_a_folder'
  | 'create.write_failed'
  | 'create.install_failed';

/** One template: its name (the folder under templates/) and one line saying what it makes. */
export interface Template {
  name: string;
  description: string;
  /** Absolute path of the template's folder. */
  dir: string;
}

/** What `create` did. On refusal `ok` is false, `errors` says why, and nothing was written. */
export interface CreateResult {
  ok: boolean;
  errors: CreateDiagnostic[];
  /** Absolute path of the project folder. */
  dir: string | null;
  template: string | null;
  id: string | null;
  name: string | null;
  publisher: string | null;
  /** The files written, relative to `dir`, sorted. */
  files: string[];
}

/** Asks the person at the terminal; `create` uses it only for what the input lacks. */
export interface Prompter {
  /** Asks for one of `choices`; resolves with the chosen value. */
  select(question: string, choices: ReadonlyArray<{ value: string; label: string }>, initial?: string): Promise<string>;
  /** Asks for text; `check` returns an error message to ask again, or null to accept. */
  text(question: string, options: { initial?: string; check: (value: string) => string | null }): Promise<string>;
  close(): void;
}
