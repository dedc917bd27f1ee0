// Workers and worklets in the frame: none can load there (the frame's origin is opaque, so
// Chromium refuses a worker script from any URL with a SecurityError before a request, and
// the policy's script-src allows no blob:, data: or worklet module), but Chromium says so only
// in the frame's console: a worklet's refusal sends no CSP report. The lockdown refuses each
// before the browser does and reports it, so the network log shows every attempt once.
import { MAX_TARGET_LENGTH, WORKER_APIS, type SandboxAttempt, type WorkerApi } from './attempt.js';
import { patchMethod, type Patched } from './patch.js';

// Captured before the extension runs, so that patching them later changes nothing here.
const { apply, defineProperty } = Reflect;
const StringOf = String;
const { slice } = String.prototype;

/** The URL a worker or module was given, as text (a URL object, or a value whose toString the extension wrote). */
function urlOf(value: unknown): string {
  try {
    return apply(slice, StringOf(value), [0, MAX_TARGET_LENGTH]);
  } catch {
    return '';
  }
}

/** Replaces Worker and SharedWorker in `win` and Worklet's addModule with refusals that report the attempt. */
export function lockWorkers(win: Window, report: (attempt: SandboxAttempt) => void, patched: Patched): void {
  const DOMExceptionOf = (win as unknown as { DOMException: typeof DOMException }).DOMException;
  const refusal = (api: WorkerApi): DOMException =>
    new DOMExceptionOf(
      `${api === 'Worklet.addModule' ? 'A worklet module' : `A ${api}`} is not available to extensions: the frame's policy lets no worker or worklet script load. Run the work in the bundle itself.`,
      'NotAllowedError',
    );
  for (let i = 0; i < WORKER_APIS.length; i++) {
    const api = WORKER_APIS[i]!;
    if (api === 'Worklet.addModule' || !(api in win)) continue;
    const blocked = function (this: unknown, url?: unknown): never {
      report({ extkit: 'sandbox', protocol: 1, api, targets: [urlOf(url)] });
      throw refusal(api);
    };
    defineProperty(blocked, 'name', { __proto__: null, value: api } as PropertyDescriptor);
    defineProperty(win, api, {
      __proto__: null,
      value: blocked,
      writable: false,
      enumerable: false,
      configurable: false,
    } as PropertyDescriptor);
  }
  const worklet = (win as unknown as { Worklet?: { prototype: object } }).Worklet;
  patchMethod(
    patched,
    worklet?.prototype,
    'addModule',
    () =>
      function (this: unknown, url?: unknown): Promise<never> {
        report({ extkit: 'sandbox', protocol: 1, api: 'Worklet.addModule', targets: [urlOf(url)] });
        return (win as unknown as { Promise: PromiseConstructor }).Promise.reject(refusal('Worklet.addModule'));
      },
  );
}
