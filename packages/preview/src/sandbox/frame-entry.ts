// The script every extension frame runs first: the sandbox's lockdown, then
// the bridge's frame transport. The extension's bundle runs after it.
import { connectFrame } from '@extkit/runtime';
import { lockdown } from './lockdown.js';

const parent = window.parent;
const post = parent.postMessage;
lockdown(window, (attempt) => {
  try {
    Reflect.apply(post, parent, [attempt, '*']);
  } catch {
    // The host page is gone; nothing to tell.
  }
});
connectFrame();
