// External scripts under the sandbox's script-src, in jsdom, with the preview's verdict:
// the frame's policy admits only the scripts it pins by hash, so a `<script src>` (HTML
// or SVG, classic or module), a `<link rel=preload as=script>` or a `<link
// rel=modulepreload>` the extension connects is refused (script-src-elem) and listed
// on the view's `blocked`; an `integrity` on one is stripped and listed first, as the
// preview's lockdown strips it (a hash the policy allows would let the script through
// in Chromium). jsdom loads none of them either way; this gives the verdict and the log.
import { INTEGRITY_REFUSAL, scriptRefusal } from '@extkit/runtime/bridge';
import { absolute, type BlockedRequest } from './guards.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The `type`s a browser runs a script of (its JavaScript MIME types, and module). */
const RUNNABLE = /^(|module|(text|application)\/(x-)?(javascript|ecmascript)|text\/(jscript|livescript))$/i;

/** The URL an element would load a script from, or undefined when it loads none. */
function scriptUrl(el: Element): string | undefined {
  const name = el.localName;
  if (name === 'script' && el.namespaceURI === SVG)
    return el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? undefined;
  if (name === 'script')
    return RUNNABLE.test(el.getAttribute('type')?.trim() ?? '') ? (el.getAttribute('src') ?? undefined) : undefined;
  if (name !== 'link') return undefined;
  const rel = (el.getAttribute('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  const preload =
    rel.includes('modulepreload') || (rel.includes('preload') && el.getAttribute('as')?.toLowerCase() === 'script');
  return preload ? (el.getAttribute('href') ?? undefined) : undefined;
}

/** jsdom lacks properties Chromium reflects on scripts and links (`integrity`, a link's `as`): the harness supplies them, so a write to one is seen. */
function reflectMissing(): void {
  const g = globalThis as unknown as Record<string, { prototype: object } | undefined>;
  for (const [iface, attribute] of [
    ['HTMLScriptElement', 'integrity'],
    ['HTMLLinkElement', 'integrity'],
    ['HTMLLinkElement', 'as'],
  ] as const) {
    const proto = g[iface]?.prototype;
    if (!proto || attribute in proto) continue;
    Object.defineProperty(proto, attribute, {
      get(this: Element) {
        return this.getAttribute(attribute) ?? '';
      },
      set(this: Element, value: unknown) {
        this.setAttribute(attribute, String(value));
      },
      enumerable: true,
      configurable: true,
    });
  }
}

/** Lists what the view's document would load as a script, from now until stopped; `drain` lists what is pending at once. */
export function watchScripts(blocked: BlockedRequest[]): { drain(): void; stop(): void } {
  reflectMissing();
  const seen = new WeakSet<Element>();
  const check = (el: Element): void => {
    if (!el.isConnected || seen.has(el) || (el.localName !== 'script' && el.localName !== 'link')) return;
    const raw = scriptUrl(el);
    if (raw === undefined || raw === '') return;
    let url: string;
    try {
      url = absolute(raw);
    } catch {
      return; // no URL: nothing to request
    }
    seen.add(el);
    if (el.getAttribute('integrity')) {
      el.removeAttribute('integrity');
      blocked.push({ url: new URL(url).origin, directive: 'script integrity', origin: null, fix: INTEGRITY_REFUSAL });
    }
    const refusal = scriptRefusal();
    blocked.push({ url, directive: 'script-src-elem', origin: refusal.origin, fix: refusal.fix });
  };
  const handle = (records: MutationRecord[]): void => {
    for (const record of records) {
      if (record.type === 'attributes') check(record.target as Element);
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        check(node as Element);
        for (const el of (node as Element).querySelectorAll('script, link')) check(el);
      }
    }
  };
  const observer = new MutationObserver(handle);
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['src', 'href', 'rel', 'as', 'type'],
  });
  return {
    drain: () => handle(observer.takeRecords()),
    stop: () => {
      handle(observer.takeRecords());
      observer.disconnect();
    },
  };
}
