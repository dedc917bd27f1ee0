import { describe, expect, it } from 'vitest';
import {
  MAX_FRAME_HEIGHT,
  acceptsEvent,
  bindingName,
  callRefusal,
  configValueProblem,
  connectRefusal,
  declaredFor,
  forwardedProps,
  frameHeight,
  networkFix,
} from './verdicts.js';

const manifest = {
  capabilities: { props: ['title', 'onSave'], events: ['clicked'], network: ['https://api.example.com'] },
  contributes: { site: { functionBindings: { 'acme.demo.card': 'onSave' } } },
};

describe('the bridge verdicts', () => {
  it('declare per surface: the function binding belongs to its component only', () => {
    expect(declaredFor(manifest, 'component', 'acme.demo.card')).toEqual({
      props: ['title', 'onSave'],
      events: ['clicked'],
      bindingProp: 'onSave',
    });
    expect(declaredFor(manifest, 'slot', 'acme.demo.card').bindingProp).toBeUndefined();
    expect(
      declaredFor(
        { contributes: { site: { functionBindings: JSON.parse('{"__proto__":"x"}') } } },
        'component',
        'toString',
      ).bindingProp,
    ).toBeUndefined();
  });

  it('forward declared props and name the dropped ones', () => {
    const declared = declaredFor(manifest, 'component', 'acme.demo.card');
    expect(forwardedProps({ title: 'a', token: 's', onSave: 'f' }, declared)).toEqual({
      forwarded: { title: 'a', onSave: 'f' },
      dropped: ['token'],
    });
    expect(acceptsEvent(declared, 'clicked')).toBe(true);
    expect(acceptsEvent(declared, 'Clicked')).toBe(false);
  });

  it('refuse calls on anything but the binding prop, and name the function by the prop value', () => {
    const declared = declaredFor(manifest, 'component', 'acme.demo.card');
    expect(callRefusal(declared, 'onSave')).toBeUndefined();
    expect(callRefusal(declared, 'title')).toBe('"title" is not this component\'s function binding.');
    expect(callRefusal(declaredFor(manifest, 'feature', 'f'), 'onSave')).toBe(
      '"onSave" is not this component\'s function binding.',
    );
    expect(bindingName({ onSave: 'saveCard' }, 'onSave')).toBe('saveCard');
    expect(bindingName({}, 'onSave')).toBe('');
  });

  it('clamp heights to whole pixels between 0 and the maximum', () => {
    expect([frameHeight(-5), frameHeight(120.6), frameHeight(1e9)]).toEqual([0, 121, MAX_FRAME_HEIGHT]);
  });

  it('let through connect-src only to declared origins, with the fix written out', () => {
    const network = manifest.capabilities.network;
    expect(connectRefusal('https://api.example.com/v1/x?y=1', network)).toBeUndefined();
    expect(connectRefusal('https://api.example.com:8443/v1', network)).toEqual({
      directive: 'connect-src',
      origin: 'https://api.example.com:8443',
      fix: 'Add "https://api.example.com:8443" to capabilities.network in manifest.json: "network": ["https://api.example.com","https://api.example.com:8443"]',
    });
    expect(connectRefusal('data:text/plain,hi', network)).toEqual({
      directive: 'connect-src',
      origin: null,
      fix: networkFix('connect-src', null, network),
    });
    expect(networkFix('img-src', null, [])).toBe(
      "The platform's sandbox allows no img loads besides the extension's own bundle; this cannot be declared.",
    );
  });

  it('match a declared origin as Chromium matches a connect-src host-source: scheme and port upgrade together', () => {
    const allowed = (url: string, network: string[]) => connectRefusal(url, network) === undefined;
    // http and ws sources let the secure scheme through at the default ports (Chromium's upgrade).
    expect(allowed('https://h.example/x', ['http://h.example'])).toBe(true);
    expect(allowed('wss://h.example/socket', ['ws://h.example'])).toBe(true);
    expect(allowed('https://h.example/x', ['http://h.example:443'])).toBe(true);
    // never the reverse, never a non-default port, never a port upgrade without the scheme's
    expect(allowed('http://h.example/x', ['https://h.example'])).toBe(false);
    expect(allowed('ws://h.example/x', ['wss://h.example'])).toBe(false);
    expect(allowed('https://h.example:8443/x', ['http://h.example'])).toBe(false);
    expect(allowed('https://h.example:8080/x', ['http://h.example:8080'])).toBe(false);
    expect(allowed('http://h.example:443/x', ['http://h.example'])).toBe(false);
    // an https source does not cover wss, nor http cover ws
    expect(allowed('wss://h.example/x', ['https://h.example'])).toBe(false);
    expect(allowed('ws://h.example/x', ['http://h.example'])).toBe(false);
    // ports and hosts otherwise exact; the default port written out is the same origin
    expect(allowed('http://127.0.0.1:8787/v1', ['http://127.0.0.1:8787'])).toBe(true);
    expect(allowed('http://127.0.0.1:8788/v1', ['http://127.0.0.1:8787'])).toBe(false);
    expect(allowed('https://h.example:443/x', ['https://h.example'])).toBe(true);
    expect(allowed('https://sub.h.example/x', ['https://h.example'])).toBe(false);
    expect(allowed('https://h.example/x', ['not an origin'])).toBe(false);
  });

  it('hold config values to their field: type, range, options', () => {
    expect(configValueProblem({ key: 'n', type: 'number', min: 1, max: 5 }, 3)).toBeUndefined();
    expect(configValueProblem({ key: 'n', type: 'number', min: 1, max: 5 }, 9)).toBe(
      '"n" is 9, outside its range 1 to 5',
    );
    expect(configValueProblem({ key: 'n', type: 'number' }, '3')).toBe('"n" is a number field, got "3"');
    expect(configValueProblem({ key: 'n', type: 'number' }, Number.NaN)).toBe('"n" is a number field, got number NaN');
    expect(configValueProblem({ key: 'b', type: 'boolean' }, 'true')).toBe('"b" is a boolean field, got "true"');
    expect(configValueProblem({ key: 's', type: 'string' }, null)).toBe('"s" is a string field, got null');
    expect(
      configValueProblem({ key: 'a', type: 'select', options: [{ value: 'teal' }, { value: 'plum' }] }, 'red'),
    ).toBe('"a" is "red", which is not one of its options: "teal", "plum"');
    expect(configValueProblem({ key: 'a', type: 'select', options: [{ value: 1 }] }, 1)).toBeUndefined();
  });
});
