// A navigation the frame starts toward a host makes Chromium resolve the name
// and connect before frame-src refuses it (measured in Chromium 156). Nothing
// in the frame can stop that first navigation (`location` is unforgeable), but
// each one should end the extension's document, so that it happens once per
// load: the dev server answers any navigation the frame starts with a page that
// commits and runs nothing (server/routes.ts), and here the lockdown refuses
// what cancels a navigation in flight and keeps the document alive:
// window.stop(), and document.open() on the frame's document, whether called or
// implied by a document.write() outside the document's own parsing.
import type { NavigationCancel, SandboxAttempt } from './attempt.js';
import { patchMethod, type Fn, type Patched } from './patch.js';

const { apply, getOwnPropertyDescriptor } = Reflect;

export function lockNavigation(win: Window, report: (attempt: SandboxAttempt) => void, patched: Patched): void {
  const g = win as unknown as Record<string, ({ prototype: object } & Record<string, unknown>) | undefined>;
  const docProto = g['Document']?.prototype;
  const getter = (name: string): Fn | undefined =>
    docProto ? (getOwnPropertyDescriptor(docProto, name)?.get as Fn | undefined) : undefined;
  const readyState = getter('readyState');
  const currentScript = getter('currentScript');
  const DOMExceptionOf = g['DOMException'] as unknown as typeof DOMException;
  // `document` is unforgeable: this is the window's document for as long as the window holds it.
  const own = (doc: unknown): boolean => doc === win.document;
  /** A write feeds the parser only while a parser-run script is running; otherwise it reopens the document. */
  const parsing = (doc: unknown): boolean =>
    readyState !== undefined &&
    currentScript !== undefined &&
    apply(readyState, doc, []) === 'loading' &&
    apply(currentScript, doc, []) !== null;

  const refuse = (api: NavigationCancel): never => {
    report({ extkit: 'sandbox', protocol: 1, api, targets: [] });
    throw new DOMExceptionOf(
      `${api === 'window.stop' ? 'window.stop()' : 'document.open() (and document.write() once the document is parsed, which reopens it)'} is not available to extensions: ` +
        'it cancels a navigation the frame started, which lets the frame send the browser to host after host while it keeps running.',
      'NotAllowedError',
    );
  };

  patchMethod(
    patched,
    win,
    'stop',
    () =>
      function (this: unknown): void {
        refuse('window.stop');
      },
  );
  patchMethod(
    patched,
    docProto,
    'open',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        // Three arguments make it window.open, which the sandbox refuses on its own (no allow-popups).
        if (args.length < 3 && own(this)) refuse('document.open');
        return apply(original, this, args);
      },
  );
  for (let i = 0; i < 2; i++) {
    patchMethod(
      patched,
      docProto,
      i ? 'writeln' : 'write',
      (original) =>
        function (this: unknown, ...args: unknown[]): unknown {
          if (own(this) && !parsing(this)) refuse('document.open');
          return apply(original, this, args);
        },
    );
  }
}
