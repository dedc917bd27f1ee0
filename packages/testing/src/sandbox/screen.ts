// What would take the viewer's screen, refused: modal dialogs (no allow-modals) and pointer lock
// (no allow-pointer-lock).
import { MODAL_ANSWERS, POINTER_LOCK_MESSAGE, type ModalName } from '@extkit/runtime/bridge';
import { domError, g, refuse, wrap, type Fn } from './globals.js';

/** alert, confirm, prompt and print: Chromium's answers (undefined, false, null, undefined), no dialog. */
export function lockModals(): void {
  for (const name of Object.keys(MODAL_ANSWERS) as ModalName[]) {
    const originalModal = g[name] as Fn | undefined;
    g[name] = {
      [name](this: unknown, ...args: unknown[]) {
        if (refuse('modal', `${name}()`, null)) return MODAL_ANSWERS[name];
        return originalModal?.apply(this, args);
      },
    }[name];
  }
}

/** requestPointerLock(): a rejected promise and pointerlockerror. */
export function lockPointer(): void {
  wrap(
    g.Element?.prototype,
    'requestPointerLock',
    (original) =>
      function (this: unknown) {
        if (!refuse('pointer-lock', 'element.requestPointerLock()', null) && original) return original.call(this);
        if (!(this instanceof g.Element!)) throw new TypeError('Illegal invocation');
        const doc = this.ownerDocument;
        setTimeout(() => doc.dispatchEvent(new g.Event('pointerlockerror', { bubbles: true })));
        const refused = Promise.reject(domError(POINTER_LOCK_MESSAGE, 'SecurityError'));
        // Chromium leaves an unawaited rejection to the console; here it must not fail the run either.
        refused.catch(() => undefined);
        return refused;
      },
  );
}
