// The sandbox's refusals, authored once: what a frame with sandbox="allow-scripts"
// (no other permission) is refused besides the network, how Chromium answers the
// extension, and what to do instead. @extkit/testing's render() refuses the same
// things with the same answers; the preview's lockdown reports each attempt so its
// network log shows it (Chromium itself only writes to the frame's console).
// Measured in Chromium 156 (test/sandbox-parity.test.ts holds the harness to it).

/** The sandbox permissions the platform's frame does not have: its sandbox attribute is "allow-scripts" alone. */
export const MISSING_PERMISSIONS = [
  'allow-forms',
  'allow-popups',
  'allow-modals',
  'allow-top-navigation',
  'allow-downloads',
  'allow-pointer-lock',
  'allow-same-origin',
] as const;
export type SandboxPermission = (typeof MISSING_PERMISSIONS)[number];

/** What the extension reached for, by the permission it lacks. */
export type SandboxChannel = 'form' | 'popup' | 'modal' | 'top-navigation' | 'download' | 'pointer-lock' | 'storage';

export interface SandboxRule {
  permission: SandboxPermission;
  /** The ways in, as the extension writes them. */
  ways: readonly string[];
  /** What the extension sees, in Chromium's sandboxed frame. */
  answer: string;
  /** What to do instead, in the extension. */
  instead: string;
}

/** The table: each channel the sandbox attribute refuses, and what Chromium answers. */
export const SANDBOX_RULES: Readonly<Record<SandboxChannel, SandboxRule>> = {
  form: {
    permission: 'allow-forms',
    ways: ['form.requestSubmit()', 'form.submit()', 'a submit button', 'Enter in a field (implicit submission)'],
    answer:
      'nothing is submitted and the submit event never fires (form.submit() still fires formdata); no validation runs',
    instead:
      'Use a button (type="button") with a click handler that reads the fields and sends them with fetch to a declared origin.',
  },
  popup: {
    permission: 'allow-popups',
    ways: ['window.open()', '<a target="_blank">'],
    answer: 'window.open() returns null; a link to a new window does nothing',
    instead:
      'Show the content inside the frame, or emit an event (capabilities.events) and let the host open the page.',
  },
  modal: {
    permission: 'allow-modals',
    ways: ['alert()', 'confirm()', 'prompt()', 'print()'],
    answer: 'nothing is shown: alert() and print() return undefined, confirm() returns false, prompt() returns null',
    instead: 'Ask inside the frame (a dialog element or your own markup, with buttons and click handlers).',
  },
  'top-navigation': {
    permission: 'allow-top-navigation',
    ways: ['top.location', 'parent.location', 'window.open(url, "_top")', '<a target="_top">'],
    answer:
      'assigning top.location (or parent.location, replace, assign) throws a SecurityError; a link or window.open to _top does nothing',
    instead:
      'Emit an event (capabilities.events) and let the host navigate, or navigate inside the frame only (a console route).',
  },
  download: {
    permission: 'allow-downloads',
    ways: ['<a download>'],
    answer: 'nothing is downloaded',
    instead: 'Show the data in the frame for the user to copy, or emit an event and let the host offer the download.',
  },
  'pointer-lock': {
    permission: 'allow-pointer-lock',
    ways: ['element.requestPointerLock()'],
    answer:
      'requestPointerLock() returns a promise rejected with a SecurityError, and pointerlockerror fires on the document',
    instead: 'Track the pointer with pointer events (pointerdown, pointermove, setPointerCapture).',
  },
  storage: {
    permission: 'allow-same-origin',
    ways: ['localStorage', 'sessionStorage', 'document.cookie', 'indexedDB.open()'],
    answer:
      "the frame's origin is opaque: reading localStorage or sessionStorage, reading or setting document.cookie, and indexedDB.open() throw a SecurityError",
    instead:
      'Keep state in memory for the mount, in config (the installer sets it), or on the platform through its API (datasets and records).',
  },
};

/** The SecurityError message Chromium gives a sandboxed frame (no allow-same-origin) that reaches for storage. */
export function storageMessage(
  what: 'localStorage' | 'sessionStorage' | 'cookie' | 'set cookie' | 'indexedDB',
): string {
  const lacks = "The document is sandboxed and lacks the 'allow-same-origin' flag.";
  if (what === 'indexedDB')
    return "Failed to execute 'open' on 'IDBFactory': access to the Indexed Database API is denied in this context.";
  if (what === 'set cookie') return `Failed to set the 'cookie' property on 'Document': ${lacks}`;
  return `Failed to read the '${what}' property from '${what === 'cookie' ? 'Document' : 'Window'}': ${lacks}`;
}

/** Where window.open(url, target) goes: the top (refused), a new window (refused), or the frame itself (null). */
export function openRefusal(target: string): SandboxChannel | null {
  const name = target.toLowerCase();
  if (name === '_top' || name === '_parent') return 'top-navigation';
  return name === '_self' ? null : 'popup';
}

/** What alert, confirm, prompt and print return in a frame without allow-modals. */
export const MODAL_ANSWERS = { alert: undefined, confirm: false, prompt: null, print: undefined } as const;
export type ModalName = keyof typeof MODAL_ANSWERS;

/** The sandbox's refusal of one attempt, in the preview's network log and on the harness's view.refused. */
export interface SandboxRefusal {
  channel: SandboxChannel;
  /** The permission the frame lacks. */
  permission: SandboxPermission;
  /** How the extension tried it (one of the rule's ways, e.g. "form.requestSubmit()"). */
  via: string;
  /** The URL or name it aimed at, when there is one (a form's action, a link's href). */
  target: string | null;
  /** Why it was refused and what to do instead, in the words both the preview and the harness show. */
  fix: string;
}

/** The refusal of `via` on `channel`, with the table's words. */
export function sandboxRefusal(channel: SandboxChannel, via: string, target: string | null = null): SandboxRefusal {
  const rule = SANDBOX_RULES[channel];
  return {
    channel,
    permission: rule.permission,
    via,
    target,
    fix: `The platform's frame is sandboxed without ${rule.permission} (sandbox="allow-scripts"), so ${via} is refused: ${rule.answer}. It cannot be declared. ${rule.instead}`,
  };
}

/** The SecurityError message Chromium throws when a sandboxed frame assigns top.location (or parent.location). */
export const topNavigationMessage = (what: 'href' | 'assign' | 'replace', url: string): string =>
  `${what === 'href' ? "Failed to set a named property 'href' on 'Location'" : `Failed to execute '${what}' on 'Location'`}: The current window does not have permission to navigate the target frame to '${url}'.`;

/** The SecurityError message of requestPointerLock() in a frame without allow-pointer-lock. */
export const POINTER_LOCK_MESSAGE =
  "Failed to execute 'requestPointerLock' on 'Element': Blocked pointer lock on an element because the element's frame is sandboxed and the 'allow-pointer-lock' permission is not set.";

/**
 * What a click (or Enter) does once no listener cancelled it, by the element it activates: a link opens a new window,
 * navigates the top or downloads; a submit button submits its form. Null when it meets no refusal.
 */
export function activationRefusal(
  start: Element | null,
): { channel: SandboxChannel; via: string; target: string | null } | null {
  for (let el: Element | null = start; el; el = el.parentElement) {
    const tag = el.localName;
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) {
      const href = (el as HTMLAnchorElement).href;
      if (el.hasAttribute('download')) return { channel: 'download', via: `<${tag} download>`, target: href };
      const named =
        (el as HTMLAnchorElement).target ||
        el.ownerDocument.querySelector('base[target]')?.getAttribute('target') ||
        '';
      const target = named.toLowerCase();
      if (target === '_top' || target === '_parent')
        return { channel: 'top-navigation', via: `<${tag} target="${target}">`, target: href };
      // Any other name opens a new window: the frame has no child window to name (nested frames are refused).
      if (target !== '' && target !== '_self')
        return { channel: 'popup', via: `<${tag} target="${named}">`, target: href };
      return null;
    }
    if (tag === 'button' || tag === 'input') {
      const type = (el.getAttribute('type') ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase();
      const submits = tag === 'button' ? type !== 'button' && type !== 'reset' : type === 'submit' || type === 'image';
      const form = (el as HTMLButtonElement).form;
      if (submits && form && !(el as HTMLButtonElement).disabled)
        return { channel: 'form', via: 'a submit button', target: form.getAttribute('action') ?? '' };
      return null;
    }
    if (tag === 'label' || tag === 'select' || tag === 'textarea' || tag === 'summary') return null;
  }
  return null;
}
