// The sandbox attribute's refusals, in jsdom: while a view is mounted, what a frame
// with sandbox="allow-scripts" is refused in Chromium is refused here with Chromium's
// answers, by the runtime's one table (SANDBOX_RULES in @extkit/runtime/bridge):
// form submission (requestSubmit, submit(), a submit button: no submit event, no
// validation), window.open and links to a new window (null, nothing), alert,
// confirm, prompt and print (undefined, false, null, undefined), top.location and
// links to _top (a SecurityError, nothing), <a download> (nothing) and
// requestPointerLock (a rejected promise and pointerlockerror). Each attempt lands
// on the view's `refused`. Installed when @extkit/testing is imported; with no
// view mounted, jsdom's own behaviour stands.
import { lockForms } from './sandbox/forms.js';
import { g } from './sandbox/globals.js';
import { lockLinks, lockOpen, lockTop } from './sandbox/navigation.js';
import { lockModals, lockPointer } from './sandbox/screen.js';
import { lockStorage } from './sandbox/storage.js';

let installed = false;

/** Puts the sandbox attribute's refusals in place, once per environment. */
export function installSandbox(): void {
  if (installed || typeof g.document === 'undefined') return;
  installed = true;
  lockForms();
  lockLinks();
  lockOpen();
  lockModals();
  lockTop();
  lockPointer();
  lockStorage();
}
