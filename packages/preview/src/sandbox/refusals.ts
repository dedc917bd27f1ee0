// What the sandbox attribute refuses the frame (no allow-forms, allow-popups,
// allow-modals, allow-top-navigation, allow-downloads, allow-pointer-lock):
// Chromium refuses it on its own and tells only the frame's console, so the
// lockdown watches for each attempt and reports it, changing nothing the
// extension sees. The table of refusals is the runtime's (SANDBOX_RULES), the one
// @extkit/testing's render() applies. An assignment to top.location cannot be
// watched (top is unforgeable, its Location cross-origin): Chromium throws a
// SecurityError, which the preview shows among the frame's errors when uncaught.
import { MODAL_ANSWERS, activationRefusal, openRefusal, type SandboxChannel } from '@extkit/runtime/bridge';
import { MAX_TARGET_LENGTH, type SandboxAttempt } from './attempt.js';
import { patchAccessor, patchMethod, type Patched } from './patch.js';

const { apply, getOwnPropertyDescriptor } = Reflect;
// An extension that replaces String.prototype.slice only garbles its own entries (the reports are no defence).
const cut = (value: string): string => value.slice(0, MAX_TARGET_LENGTH);
/** What a URL or window name converts to, as the browser reads it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : `${value as string}`);
/** Inputs whose Enter submits a form that has no submit button, when the form holds only one of them. */
const IMPLICIT = [
  'text',
  'search',
  'url',
  'tel',
  'email',
  'password',
  'date',
  'month',
  'week',
  'time',
  'datetime-local',
  'number',
];

export function watchRefusals(win: Window, report: (attempt: SandboxAttempt) => void, patched: Patched): void {
  const g = win as unknown as Record<string, { prototype?: object } | undefined> & { setTimeout: typeof setTimeout };
  const send = (api: SandboxChannel, via: string, target: string | null): void =>
    report({ extkit: 'sandbox', protocol: 1, api, targets: target === null ? [cut(via)] : [cut(via), cut(target)] });
  const setTimeoutOf = g.setTimeout;
  const getter = (proto: object | undefined, name: string): ((this: unknown) => unknown) | undefined =>
    proto ? (getOwnPropertyDescriptor(proto, name)?.get as ((this: unknown) => unknown) | undefined) : undefined;
  const connected = getter(g['Node']?.prototype, 'isConnected');
  const prevented = getter(g['Event']?.prototype, 'defaultPrevented');
  const trusted = (e: Event): boolean => e.isTrusted;
  const actionOf = (form: HTMLFormElement): string => form.getAttribute('action') ?? '';
  const Form = g['HTMLFormElement']?.prototype;

  patchMethod(
    patched,
    Form,
    'requestSubmit',
    (original) =>
      function (this: HTMLFormElement, ...args: unknown[]): unknown {
        const result: unknown = apply(original, this, args);
        // Reached only when Chromium accepted the submitter; a form not connected is cancelled before the sandbox.
        if (connected && apply(connected, this, []) === true) send('form', 'form.requestSubmit()', actionOf(this));
        return result;
      },
  );
  patchMethod(
    patched,
    Form,
    'submit',
    (original) =>
      function (this: HTMLFormElement, ...args: unknown[]): unknown {
        if (connected && apply(connected, this, []) === true) send('form', 'form.submit()', actionOf(this));
        return apply(original, this, args);
      },
  );
  patchMethod(
    patched,
    win,
    'open',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        const target = args.length > 1 && args[1] !== undefined ? text(args[1]) : '_blank';
        const channel = openRefusal(target);
        if (channel) {
          const url = args[0] === undefined || args[0] === '' ? 'about:blank' : text(args[0]);
          send(channel, channel === 'popup' ? 'window.open()' : `window.open(url, ${JSON.stringify(target)})`, url);
        }
        return apply(original, this, args);
      },
  );
  for (const name of Object.keys(MODAL_ANSWERS)) {
    patchMethod(
      patched,
      win,
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]): unknown {
          send('modal', `${name}()`, null);
          return apply(original, this, args);
        },
    );
  }
  // Storage: the frame's origin is opaque, so Chromium throws; the report goes first.
  for (const name of ['localStorage', 'sessionStorage']) {
    patchAccessor(patched, win, name, {
      get: (get) =>
        function (this: unknown): unknown {
          send('storage', name, null);
          return apply(get, this, []);
        },
    });
  }
  patchAccessor(patched, g['Document']?.prototype, 'cookie', {
    get: (get) =>
      function (this: unknown): unknown {
        send('storage', 'document.cookie', null);
        return apply(get, this, []);
      },
    set: (set) =>
      function (this: unknown, value: unknown): void {
        send('storage', 'document.cookie', null);
        apply(set, this, [value]);
      },
  });
  patchMethod(
    patched,
    g['IDBFactory']?.prototype,
    'open',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        send('storage', 'indexedDB.open()', null);
        return apply(original, this, args);
      },
  );
  patchMethod(
    patched,
    g['Element']?.prototype,
    'requestPointerLock',
    (original) =>
      function (this: unknown, ...args: unknown[]): unknown {
        send('pointer-lock', 'element.requestPointerLock()', null);
        return apply(original, this, args);
      },
  );

  // A click's activation (a link, a submit button) happens once no listener cancelled it: checked after the dispatch.
  const capture = { __proto__: null, capture: true } as AddEventListenerOptions;
  const afterDispatch = (e: Event, found: ReturnType<typeof activationRefusal>): void => {
    if (!found) return;
    setTimeoutOf(() => {
      if (!prevented || apply(prevented, e, []) !== true) send(found.channel, found.via, found.target);
    }, 0);
  };
  win.addEventListener('click', (e) => afterDispatch(e, activationRefusal(e.target as Element)), capture);
  win.addEventListener(
    'keypress',
    (e) => {
      const input = e.target as HTMLInputElement;
      if (!trusted(e) || e.key !== 'Enter' || input.localName !== 'input' || !IMPLICIT.includes(input.type)) return;
      const form = input.form;
      // With a submit button, Chromium clicks it (the click above); else one blocking field submits the form.
      if (
        !form ||
        form.querySelector('button:not([type=button]):not([type=reset]), input[type=submit], input[type=image]')
      )
        return;
      const fields = [...form.elements].filter(
        (el) => el.localName === 'input' && IMPLICIT.includes((el as HTMLInputElement).type),
      );
      if (fields.length === 1)
        afterDispatch(e, { channel: 'form', via: 'Enter in a field (implicit submission)', target: actionOf(form) });
    },
    capture,
  );
}
