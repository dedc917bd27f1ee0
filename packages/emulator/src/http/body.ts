// Reading a request body: a size ceiling, JSON only, and a clear 4xx for everything else.
import type { IncomingMessage } from 'node:http';
import { maxBodyBytes } from '../rules/limits.js';
import { ApiError } from './errors.js';

/** The raw body, or a 413 once it passes the ceiling (reading stops there). */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBodyBytes) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.removeAllListeners('data');
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const tooLarge = (): ApiError =>
  new ApiError(413, 'payload_too_large', `The request body is larger than ${maxBodyBytes / 1024 / 1024} MB`, {
    code: 'body_too_large',
  });

/**
 * The JSON object of a write. An empty body is `{}`. `lenient` (records) treats invalid
 * JSON as an empty body, as 000 §4 Records says; elsewhere it is a 400 `invalid_json`.
 */
export function parseJson(raw: Buffer, contentType: string | undefined, lenient: boolean): Record<string, unknown> {
  if (raw.length === 0) return {};
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Request bodies are JSON: send Content-Type: application/json (received ${type === '' ? 'none' : JSON.stringify(type)})`,
      {
        code: 'content_type',
      },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    if (lenient) return {};
    throw new ApiError(400, 'bad_request', 'The request body is not valid JSON', { code: 'invalid_json' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    if (lenient) return {};
    throw new ApiError(
      400,
      'bad_request',
      `The request body must be a JSON object, received ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
      { code: 'invalid_json' },
    );
  }
  return value as Record<string, unknown>;
}
