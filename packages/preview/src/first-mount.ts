// The first mount a frame's URL carries: the host page puts what its `mount` message will carry
// (the surface, the declared props, the settings) in the fragment of the frame's URL, which no
// request, Referer or server log ever holds; the frame's transport takes it out of the URL before
// the extension's code runs, and mounts as soon as the document is parsed instead of a round trip
// to the host page later. The `mount` message after the handshake passes on what changed since.
// Shared by the host page and the frame's transport.
import { parseFirstMount, type FirstMount } from '@extkit/runtime/bridge';

const PREFIX = '#mount=';
/** The longest first mount (its JSON) a URL carries; a larger one mounts at the handshake. */
export const MAX_FIRST_MOUNT = 64 * 1024;

/** The fragment to append to a frame's URL, or '' when `mount` is too large or not plain data. */
export function firstMountFragment(mount: FirstMount): string {
  let json: string;
  try {
    json = JSON.stringify(mount);
  } catch {
    return '';
  }
  return json.length <= MAX_FIRST_MOUNT ? PREFIX + encodeURIComponent(json) : '';
}

/** Takes the first mount out of the document's URL (history.replaceState): undefined when there is none, or not one. */
export function takeFirstMount(win: Window): FirstMount | undefined {
  const hash = win.location.hash;
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
  } catch {
    // A browser that refuses: the extension can read its own props and settings in its URL, nothing more.
  }
  try {
    return parseFirstMount(JSON.parse(decodeURIComponent(hash.slice(PREFIX.length))));
  } catch {
    return undefined;
  }
}
