/// <reference lib="dom" />
// The page's means: an element built with text only, a call to the admin surface, values as
// text, and the view's state kept in the URL.

export type Json = Record<string, unknown>;
type Child = Node | string | null | undefined | false;

const admin = location.pathname.replace(/\/$/, '');

export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; body: Json }> {
  const res = await fetch(`${admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = text ? (JSON.parse(text) as Json) : {};
  } catch {
    parsed = { text };
  }
  return { ok: res.ok, status: res.status, body: parsed };
}

export const pretty = (v: unknown): string => JSON.stringify(v, null, 2);
/** A value as text: an object as its JSON, null and undefined as nothing. */
export const str = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : `${v as string | number | boolean}`;
export const q = (sel: string): HTMLElement => document.querySelector(sel)!;
export const params = new URLSearchParams(location.search);

/** Filters and the chosen tab are kept in the URL, so a reload or a shared link shows the same view. */
export function keep(name: string, value: string): void {
  if (value) params.set(name, value);
  else params.delete(name);
  history.replaceState(null, '', `${location.pathname}${params.toString() ? `?${params.toString()}` : ''}`);
}
