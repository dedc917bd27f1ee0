// What every part of the jsdom sandbox uses: the environment's globals, the refusal listed on the
// mounted view, and the wrapping of a DOM method so it answers as Chromium's sandbox does.
import { sandboxRefusal, type SandboxChannel } from '@extkit/runtime/bridge';
import { current } from '../guards.js';

export type Fn = (this: unknown, ...args: unknown[]) => unknown;
/** The environment's globals the harness reads (jsdom's, under vitest). */
interface Env {
  document?: Document;
  window?: object;
  open?: Fn;
  DOMException: typeof DOMException;
  Event: typeof Event;
  FormData: typeof FormData;
  HTMLFormElement?: typeof HTMLFormElement;
  HTMLButtonElement: typeof HTMLButtonElement;
  HTMLInputElement: typeof HTMLInputElement;
  Element?: typeof Element;
}
export const g = globalThis as unknown as Env & Record<string, unknown>;

/** A URL or name as the browser reads it: the string it converts to. */
export const text = (value: unknown): string => (typeof value === 'string' ? value : `${value as string}`);

/** Lists the refusal on the mounted view; false when no view is mounted (jsdom's behaviour then stands). */
export function refuse(channel: SandboxChannel, via: string, target: string | null): boolean {
  const guard = current();
  if (!guard) return false;
  guard.refused.push(sandboxRefusal(channel, via, target));
  return true;
}

export const domError = (message: string, name: string): Error => new g.DOMException(message, name);

/** jsdom's implementation object behind a DOM wrapper (its activation behaviour lives there, not on the wrapper). */
export function implProto(wrapper: object): Record<string, unknown> | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  const impl = symbol && (wrapper as Record<symbol, object>)[symbol];
  return impl ? (Object.getPrototypeOf(impl) as Record<string, unknown>) : undefined;
}

/** Wraps `proto[name]`: `instead` answers while a view is mounted and it refuses, else the original runs. */
export function wrap(
  proto: object | undefined,
  name: string,
  instead: (original: Fn | undefined) => (this: never, ...args: never[]) => unknown,
): void {
  const bag = proto as Record<string, unknown> | undefined;
  const original = bag?.[name];
  if (!bag || (typeof original !== 'function' && original !== undefined)) return;
  bag[name] = instead(original as Fn | undefined);
}
