// The writes that can set a link's rel, or a script's or link's integrity, on an element that already exists:
// attribute methods, Attr nodes, the reflecting properties and relList. Each value is cleaned by the hint guard before the
// browser sees it; an href written to a link reports the hints stripped from it.
import type { HintGuard } from './hints.js';
import { patchAccessor, patchMethod, type Fn, type Patched } from './patch.js';

const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;
const WeakMapOf = WeakMap;
const { get: wmGet, set: wmSet } = WeakMap.prototype;
const { slice, indexOf } = String.prototype;

export function lockAttributes(win: Window, guard: HintGuard, patched: Patched): void {
  const g = win as unknown as Record<string, { prototype: object } | undefined>;
  const proto = (iface: string): object | undefined => g[iface]?.prototype;
  const attrOwner = getOwnPropertyDescriptor(proto('Attr') ?? {}, 'ownerElement')?.get as Fn;
  const attrName = getOwnPropertyDescriptor(proto('Attr') ?? {}, 'localName')?.get as Fn;
  const attrValue = getOwnPropertyDescriptor(proto('Attr') ?? {}, 'value') ?? {};
  const nodeType = getOwnPropertyDescriptor(proto('Node') ?? {}, 'nodeType')?.get as Fn;
  /** The element of each NamedNodeMap and the link of each relList handed out (both are [SameObject]). */
  const owners = new WeakMapOf<object, unknown>();
  const ownerOf = (thing: unknown): unknown => apply(wmGet, owners, [thing]);
  /** A getter that remembers whose object it handed out. */
  const remembering = (original: Fn): Fn =>
    function (this: unknown) {
      const thing = apply(original, this, []);
      apply(wmSet, owners, [thing, this]);
      return thing;
    };
  const afterHref = (element: unknown, name: string): void => {
    if (name.length === 4 && guard.kindOf(element) === 'link') guard.flush(element);
  };

  patchMethod(
    patched,
    proto('Element'),
    'setAttribute',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (args.length < 2) return apply(original, this, args);
        const name = `${args[0] as string}`;
        const result = apply(original, this, [name, guard.clean(this, name, `${args[1] as string}`)]);
        afterHref(this, name);
        return result;
      },
  );
  patchMethod(
    patched,
    proto('Element'),
    'setAttributeNS',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (args.length < 3) return apply(original, this, args);
        const qualified = `${args[1] as string}`;
        const local = apply(slice, qualified, [apply(indexOf, qualified, [':']) + 1]);
        const result = apply(original, this, [args[0], qualified, guard.clean(this, local, `${args[2] as string}`)]);
        afterHref(this, local);
        return result;
      },
  );

  // An Attr node carries its value with it: clean it for the element it is about to join.
  const cleanAttr = (element: unknown, attr: unknown): void => {
    try {
      const name = apply(attrName, attr, []) as string;
      const value = apply(attrValue.get as Fn, attr, []) as string;
      const safe = guard.clean(element, name, value);
      if (safe !== value) apply(attrValue.set as Fn, attr, [safe]);
    } catch {
      // not an Attr: the native call will say so
    }
  };
  const adding = (owner: (self: unknown) => unknown) => (original: Fn) =>
    function (this: unknown, ...args: unknown[]) {
      const element = owner(this);
      cleanAttr(element, args[0]);
      const result = apply(original, this, args);
      try {
        afterHref(element, apply(attrName, args[0], []) as string);
      } catch {
        // not an Attr
      }
      return result;
    };
  patchMethod(
    patched,
    proto('Element'),
    'setAttributeNode',
    adding((self) => self),
  );
  patchMethod(
    patched,
    proto('Element'),
    'setAttributeNodeNS',
    adding((self) => self),
  );
  patchMethod(patched, proto('NamedNodeMap'), 'setNamedItem', adding(ownerOf));
  patchMethod(patched, proto('NamedNodeMap'), 'setNamedItemNS', adding(ownerOf));
  patchAccessor(patched, proto('Element'), 'attributes', { get: remembering });

  // Attr.value, and Node.nodeValue / textContent, which write an Attr's value too.
  const attrWrite = (original: Fn): Fn =>
    function (this: unknown, value: unknown) {
      let text = value;
      let type = 0;
      try {
        type = apply(nodeType, this, []) as number;
      } catch {
        // not a node: the native call will say so
      }
      if (type === 2 && value !== null) {
        const element = apply(attrOwner, this, []);
        const name = apply(attrName, this, []) as string;
        text = element ? guard.clean(element, name, `${value as string}`) : value;
        apply(original, this, [text]);
        afterHref(element, name);
        return;
      }
      apply(original, this, [text]);
    };
  patchAccessor(patched, proto('Attr'), 'value', { set: attrWrite });
  patchAccessor(patched, proto('Node'), 'nodeValue', { set: attrWrite });
  patchAccessor(patched, proto('Node'), 'textContent', { set: attrWrite });

  // The reflecting properties.
  const cleaning = (name: string) => (original: Fn) =>
    function (this: unknown, value: unknown) {
      apply(original, this, [guard.clean(this, name, `${value as string}`)]);
    };
  patchAccessor(patched, proto('HTMLLinkElement'), 'rel', { set: cleaning('rel') });
  patchAccessor(patched, proto('HTMLLinkElement'), 'integrity', { set: cleaning('integrity') });
  patchAccessor(patched, proto('HTMLScriptElement'), 'integrity', { set: cleaning('integrity') });
  patchAccessor(patched, proto('HTMLLinkElement'), 'href', {
    set: (original) =>
      function (this: unknown, value: unknown) {
        apply(original, this, [value]);
        guard.flush(this);
      },
  });

  // relList: `link.relList = v` ([PutForwards=value], which skips DOMTokenList's own setter) and the token list's methods.
  patchAccessor(patched, proto('HTMLLinkElement'), 'relList', { get: remembering, set: cleaning('rel') });
  const tokens = proto('DOMTokenList');
  /** Is adding `token` (a string) to this list a blocked hint? (Cleaning it alone as a rel strips it, and reports it.) */
  const blocked = (list: unknown, token: string): boolean => {
    const link = ownerOf(list);
    return link !== undefined && token !== '' && guard.clean(link, 'rel', token) === '';
  };
  /** The arguments as strings, converted once (a toString that answers differently the second time gains nothing). */
  const strings = (args: unknown[]): string[] => {
    const out: string[] = [];
    for (let i = 0; i < args.length; i++)
      defineProperty(out, i, {
        __proto__: null,
        value: `${args[i] as string}`,
        writable: true,
        enumerable: true,
        configurable: true,
      } as PropertyDescriptor);
    return out;
  };
  patchMethod(
    patched,
    tokens,
    'add',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (ownerOf(this) === undefined) return apply(original, this, args);
        const given = strings(args);
        const kept: string[] = [];
        for (let i = 0; i < given.length; i++) {
          if (!blocked(this, given[i]!))
            defineProperty(kept, kept.length, {
              __proto__: null,
              value: given[i],
              writable: true,
              enumerable: true,
              configurable: true,
            } as PropertyDescriptor);
        }
        return apply(original, this, kept);
      },
  );
  patchMethod(
    patched,
    tokens,
    'toggle',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (ownerOf(this) === undefined || !args.length) return apply(original, this, args);
        const token = `${args[0] as string}`;
        if (args[1] !== false && blocked(this, token)) return false;
        return apply(original, this, args.length > 1 ? [token, args[1]] : [token]);
      },
  );
  patchMethod(
    patched,
    tokens,
    'replace',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (ownerOf(this) === undefined || args.length < 2) return apply(original, this, args);
        const given = strings([args[0], args[1]]);
        if (blocked(this, given[1]!)) return false;
        return apply(original, this, given);
      },
  );
  patchAccessor(patched, tokens, 'value', {
    set: (original) =>
      function (this: unknown, value: unknown) {
        const link = ownerOf(this);
        apply(original, this, [link === undefined ? value : guard.clean(link, 'rel', `${value as string}`)]);
      },
  });
}
