// The script every extension frame runs first: the bridge's frame transport,
// then the sandbox's lockdown. The extension's bundle runs after it.
import { connectFrame } from '@extkit/runtime/bridge';
import { LOAD_META } from '../load-proof.js';
import { lockdown } from './lockdown.js';

// The proof of this load, taken out of the document before the extension's code
// can read it: only this transport's hello carries it (load-proof.ts).
const proof = document.querySelector<HTMLMetaElement>(`meta[name="${LOAD_META}"]`);
const load = proof?.content;
proof?.remove();

// What the lockdown stops goes to the host page over the bridge's port, which the extension cannot
// reach, so the extension can neither silence the network log nor write to it.
const transport = connectFrame(window, load === undefined ? {} : { load });
lockdown(window, (attempt) => transport.sandbox(attempt as unknown as Record<string, unknown>));
