// The script every extension frame runs first: the sandbox's lockdown, then
// the bridge's frame transport. The extension's bundle runs after it.
import { connectFrame } from '@extkit/runtime';
import { LOAD_META } from '../load-proof.js';
import { lockdown } from './lockdown.js';

// The proof of this load, taken out of the document before the extension's code
// can read it: only this transport's hello carries it (load-proof.ts).
const proof = document.querySelector<HTMLMetaElement>(`meta[name="${LOAD_META}"]`);
const load = proof?.content;
proof?.remove();

// Captured before the extension runs: replacing Reflect.apply later must not silence the log.
const { apply } = Reflect;
const parent = window.parent;
const post = parent.postMessage;
lockdown(window, (attempt) => {
  try {
    apply(post, parent, [attempt, '*']);
  } catch {
    // The host page is gone; nothing to tell.
  }
});
connectFrame(window, load === undefined ? {} : { load });
