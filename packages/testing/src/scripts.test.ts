// @vitest-environment jsdom
import { join } from 'node:path';
import { getRegistry, registerComponent } from '@extkit/runtime';
import { INTEGRITY_REFUSAL, scriptRefusal } from '@extkit/runtime/bridge';
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from './index.js';

const MANIFEST = join(import.meta.dirname, '__fixtures__/card/manifest.json');
const CARD = 'acme.demo-card.card';
const SINK = 'http://127.0.0.1:9';
const HASH = 'sha256-TEjtXf0Uc1RWQ9N39afD+bfI4FJAfBZMe2aygrby54A=';

beforeEach(() => {
  getRegistry().registrations.length = 0;
  registerComponent(CARD, () => {});
});

const refused = (url: string) => ({ url, directive: 'script-src-elem', origin: null, fix: scriptRefusal().fix });
const stripped = (url: string) => ({ url, directive: 'script integrity', origin: null, fix: INTEGRITY_REFUSAL });

describe('external scripts, with the preview frame verdict', () => {
  it('lists every script and script preload the frame refuses, and the integrity it strips, as they happen', () => {
    const view = render(CARD, { manifest: MANIFEST });
    const script = (props: Partial<HTMLScriptElement>) => Object.assign(document.createElement('script'), props);
    const s = script({ integrity: HASH, src: `${SINK}/script` });
    view.root.append(s);
    // Written before src: the element named no host yet, as the preview's log says it.
    expect(view.blocked).toEqual([stripped(''), refused(`${SINK}/script`)]);
    expect(s.getAttribute('integrity')).toBe('');
    view.root.append(script({ type: 'module', src: `${SINK}/module` }));
    view.root.append(
      Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href: `${SINK}/preload` }),
    );
    view.root.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href: `${SINK}/modulepreload` }),
    );
    const svg = view.root.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
    const svgScript = document.createElementNS('http://www.w3.org/2000/svg', 'script');
    svgScript.setAttribute('href', `${SINK}/svg`);
    svg.append(svgScript);
    view.root.appendChild(document.createElement('div')).innerHTML =
      `<link rel=modulepreload integrity="${HASH}" href="${SINK}/innerHTML">`;
    const late = view.root.appendChild(script({}));
    late.setAttribute('src', `${SINK}/late`);
    expect(view.blocked.slice(2)).toEqual([
      refused(`${SINK}/module`),
      refused(`${SINK}/preload`),
      refused(`${SINK}/modulepreload`),
      refused(`${SINK}/svg`),
      stripped(SINK),
      refused(`${SINK}/innerHTML`),
      refused(`${SINK}/late`),
    ]);
  });

  it('lists nothing the frame would not load: an inline script, another type, a style preload, a detached script', () => {
    const view = render(CARD, { manifest: MANIFEST });
    view.root.append(Object.assign(document.createElement('script'), { text: '1' }));
    view.root.append(Object.assign(document.createElement('script'), { type: 'text/template', src: `${SINK}/t` }));
    view.root.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'style', href: `${SINK}/s` }));
    document.createElement('script').src = `${SINK}/detached`;
    expect(view.blocked).toEqual([]);
  });

  it('stops listing when the view unmounts', () => {
    const view = render(CARD, { manifest: MANIFEST });
    view.unmount();
    document.body.append(Object.assign(document.createElement('script'), { src: `${SINK}/after` }));
    expect(view.blocked).toEqual([]);
  });
});
