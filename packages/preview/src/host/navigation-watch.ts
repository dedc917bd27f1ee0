// Notices a frame that navigated away from the extension's document (the
// extension set `location` itself): every load the host makes ends in one
// connected hello, proven for that load (see load-proof.ts), so a load with no
// connected hello of its own means the bridge is gone. Hellos the frame posts
// beyond that, or replays from a new document, connect nothing and count for nothing.

/** How long after a load event its document's hello may still connect (the two travel separately). */
const GRACE_MS = 500;

export interface NavigationWatch {
  /** The host is about to load the frame itself: start counting afresh. */
  expect(): void;
  /** The bridge connected the document of the host's latest load. */
  connected(): void;
  close(): void;
}

/** Calls `onStopped` when the frame holds a document that never connected. */
export function watchNavigation(frame: HTMLIFrameElement, onStopped: () => void): NavigationWatch {
  let connections = 0;
  let loads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onLoad = (): void => {
    loads++;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (connections < loads) onStopped();
    }, GRACE_MS);
  };
  frame.addEventListener('load', onLoad);
  return {
    expect() {
      clearTimeout(timer);
      connections = 0;
      loads = 0;
    },
    connected() {
      connections++;
    },
    close() {
      clearTimeout(timer);
      frame.removeEventListener('load', onLoad);
    },
  };
}
