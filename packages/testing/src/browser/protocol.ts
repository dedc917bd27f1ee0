// The browser run's test channel between the extension's frame and the test page, besides the
// bridge: the frame's DOM as a tree the test page mirrors, the test's events and calls played in
// the frame, and what the frame's policy refused. Test-only: the platform's frames never carry it.

/** Frame → test page, once, before the extension's code runs: the channel's port is transferred with it. */
export const MIRROR_HELLO = 'extkit-testing-mirror';

/** A node of the frame's document: an element, a text or a comment, with the id the frame gave it. */
export type MirrorNode =
  | {
      i: number;
      /** The element's local name; `n` its namespace when it is not HTML's. */
      t: string;
      n?: string;
      /** Attributes in order, as [name, value]. */
      a: Array<[string, string]>;
      /** A form control's state, which no attribute shows: value, checked, selectedIndex. */
      v?: string;
      c?: boolean;
      s?: number;
      k: MirrorNode[];
    }
  | { i: number; x: string }
  | { i: number; m: string };

/** The form controls' state the test set on the mirror, sent before the event that reads it. */
export type ControlState = [id: number, value: string | undefined, checked: boolean | undefined];

/** How a test event is made again in the frame: its interface, type and init dictionary. */
export interface PlayedEvent {
  kind: string;
  type: string;
  init: Record<string, unknown>;
}

export type TestMessage =
  | { type: 'sync'; n: number }
  | { type: 'event'; target: number; event: PlayedEvent; state: ControlState[] }
  | { type: 'call'; target: number; method: MirroredCall; args: number[]; state: ControlState[] };

/** The mirror's methods that act in the frame instead: the mirror's own document has no scripts or forms. */
export const MIRRORED_CALLS = ['requestSubmit', 'submit', 'reset', 'focus', 'blur'] as const;
export type MirroredCall = (typeof MIRRORED_CALLS)[number];

export type FrameReport =
  | { type: 'tree'; body: MirrorNode; root: number | null }
  | { type: 'synced'; n: number }
  | { type: 'violation'; directive: string; url: string };

/** The events the mirror plays in the frame: what a test dispatches, and what testing-library and user-event fire. */
export const PLAYED_EVENTS = [
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
  'mousedown',
  'mouseup',
  'mouseover',
  'mouseout',
  'mouseenter',
  'mouseleave',
  'mousemove',
  'pointerdown',
  'pointerup',
  'pointerover',
  'pointerout',
  'pointerenter',
  'pointerleave',
  'pointermove',
  'pointercancel',
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'submit',
  'reset',
  'invalid',
  'select',
  'focus',
  'blur',
  'focusin',
  'focusout',
  'wheel',
  'copy',
  'cut',
  'paste',
] as const;
