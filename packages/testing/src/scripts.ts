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
const XHTML = 'http://www.w3.org/1999/xhtml';
const XLINK = 'http://www.w3.org/1999/xlink';
const GUARDED = Symbol.for('extkit.testing.integrity');
/** The `type`s a browser runs a script of (its JavaScript MIME types, and module). */
const RUNNABLE = /^(|module|(text|application)\/(x-)?(javascript|ecmascript)|text\/(jscript|livescript))$/i;

/** The URL an element would load a script from, or undefined when it loads none. */
function scriptUrl(el: Element): string | undefined {
  const name = el.localName;
  if (name === 'script' && el.namespaceURI === SVG)
    return el.getAttribute('href') ?? el.getAttributeNS(XLINK, 'href') ?? undefined;
  if (name === 'script')
    return RUNNABLE.test(el.getAttribute('type')?.trim() ?? '') ? (el.getAttribute('src') ?? undefined) : undefined;
  if (name !== 'link') return undefined;
  const rel = (el.getAttribute('rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
  const preload =
    rel.includes('modulepreload') || (rel.includes('preload') && el.getAttribute('as')?.toLowerCase() === 'script');
  return preload ? (el.getAttribute('href') ?? undefined) : undefined;
}

/** The views watching now; the newest holds the page, as for the network. */
const watching: BlockedRequest[][] = [];

/** A script (HTML or SVG) or a link: the elements whose integrity the sandbox strips. */
const carriesIntegrity = (el: Element): boolean =>
  (el.localName === 'script' && (el.namespaceURI === SVG || el.namespaceURI === XHTML)) ||
  (el.localName === 'link' && el.namespaceURI === XHTML);

/** The origin the element names by now (src, href), or '' when it names none: the host the preview's log shows. */
function namedOrigin(el: Element): string {
  const raw = el.getAttribute('src') ?? el.getAttribute('href') ?? el.getAttributeNS(XLINK, 'href');
  try {
    return raw ? new URL(absolute(raw)).origin : '';
  } catch {
    return '';
  }
}

/** Lists a stripped integrity on the view that holds the page. */
function stripped(el: Element, blocked = watching[watching.length - 1]): void {
  blocked?.push({ url: namedOrigin(el), directive: 'script integrity', origin: null, fix: INTEGRITY_REFUSAL });
}

/**
 * Writes of `integrity` to a script or link are stripped at the write while a view is mounted, as the preview's
 * lockdown strips them (attribute methods and the property; other ways at the next microtask, when the view's
 * watcher sees them).
 */
function guardIntegrityWrites(): void {
  const proto = Element.prototype as Element & { [GUARDED]?: true };
  if (proto[GUARDED]) return;
  Object.defineProperty(proto, GUARDED, { value: true });
  const strip = (el: unknown, name: string, value: unknown): unknown => {
    if (!watching.length || !(el instanceof Element) || name.toLowerCase() !== 'integrity') return value;
    if (!carriesIntegrity(el) || String(value) === '') return value;
    stripped(el);
    return '';
  };
  const setAttribute = Object.getOwnPropertyDescriptor(proto, 'setAttribute')!.value as Element['setAttribute'];
  const setAttributeNS = Object.getOwnPropertyDescriptor(proto, 'setAttributeNS')!.value as Element['setAttributeNS'];
  proto.setAttribute = function (this: Element, name: string, value: string) {
    Reflect.apply(setAttribute, this, [name, strip(this, String(name), value)]);
  };
  proto.setAttributeNS = function (this: Element, ns: string | null, qualified: string, value: string) {
    const local = String(qualified).slice(String(qualified).indexOf(':') + 1);
    Reflect.apply(setAttributeNS, this, [ns, qualified, strip(this, local, value)]);
  };
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
  guardIntegrityWrites();
  watching.push(blocked);
  const seen = new WeakSet<Element>();
  const check = (el: Element): void => {
    if (!el.isConnected || seen.has(el) || (el.localName !== 'script' && el.localName !== 'link')) return;
    // Integrity another way (a parser, an Attr): stripped when seen, as the preview strips it as it parses.
    if (carriesIntegrity(el) && el.getAttribute('integrity')) {
      el.setAttribute('integrity', '');
      stripped(el, blocked);
    }
    const raw = scriptUrl(el);
    if (raw === undefined || raw === '') return;
    let url: string;
    try {
      url = absolute(raw);
    } catch {
      return; // no URL: nothing to request
    }
    seen.add(el);
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
    attributeFilter: ['src', 'href', 'rel', 'as', 'type', 'integrity'],
  });
  return {
    drain: () => handle(observer.takeRecords()),
    stop: () => {
      handle(observer.takeRecords());
      observer.disconnect();
      const i = watching.lastIndexOf(blocked);
      if (i >= 0) watching.splice(i, 1);
    },
  };
}
