// Notices a frame that navigated away from the extension's document (the
// extension set `location` itself): every document the preview serves says
// hello once, so a load with no hello of its own means the bridge is gone.
import { isHello } from '@extkit/runtime';

/** How long after a load event its document's hello may still arrive (the two travel separately). */
const GRACE_MS = 500;

export interface NavigationWatch {
  /** The host is about to load the frame itself: start counting afresh. */
  expect(): void;
  close(): void;
}

/** Calls `onStopped` when the frame holds a document that never said hello. */
export function watchNavigation(frame: HTMLIFrameElement, onStopped: () => void): NavigationWatch {
  const win = frame.ownerDocument.defaultView!;
  let hellos = 0;
  let loads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = (e: MessageEvent): void => {
    if (e.source === frame.contentWindow && isHello(e.data)) hellos++;
  };
  const onLoad = (): void => {
    loads++;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (hellos < loads) onStopped();
    }, GRACE_MS);
  };
  win.addEventListener('message', onMessage);
  frame.addEventListener('load', onLoad);
  return {
    expect() {
      clearTimeout(timer);
      hellos = 0;
      loads = 0;
    },
    close() {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      frame.removeEventListener('load', onLoad);
    },
  };
}
