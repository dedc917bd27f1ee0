// Where markup enters a document as a string: every HTML string sink that
// parses straight into a document parses risky markup into a detached element
// of the same kind first (markup-detached.ts), so the insertion cleans it.
// Markup the lockdown cannot parse apart before the browser does
// (document.write, execCommand('insertHTML'), declarative shadow roots, which
// may be closed) is refused when risky. The DOM's ways to take nodes in and
// make them are locked first (markup-nodes.ts).
import { NESTED_FRAME, type RefusedMarkup } from './attempt.js';
import { RISKY_MARKUP, lower, matches, type HintGuard } from './hints.js';
import { detachedParsing } from './markup-detached.js';
import { lockNodeEntry } from './markup-nodes.js';
import {
  apply,
  defineProperty,
  getOwnPropertyDescriptor,
  patchAccessor,
  patchMethod,
  type Fn,
  type Patched,
} from './patch.js';

const WeakMapOf = WeakMap;
const { get: wmGet, set: wmSet } = WeakMap.prototype;
const { slice } = String.prototype;
const SHADOW_ROOT_MARKUP = /shadowroot/i;

export function lockMarkup(win: Window, guard: HintGuard, patched: Patched): void {
  const g = win as unknown as Record<string, ({ prototype: object } & Record<string, unknown>) | undefined>;
  const proto = (iface: string): object | undefined => g[iface]?.prototype;
  const pristine = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.value as Fn;
  // The prototypes as they are now: the extension may replace window.Element later, not what it held (sealed below).
  const protos: Record<string, object | undefined> = {
    __proto__: null,
    Element: proto('Element'),
    DocumentFragment: proto('DocumentFragment'),
  } as unknown as Record<string, object | undefined>;
  /** The method as the extension sees it once the lockdown is sealed: it cleans what it inserts. */
  const locked = (iface: 'Element' | 'DocumentFragment', name: string): Fn =>
    getOwnPropertyDescriptor(protos[iface] ?? {}, name)?.value as Fn;
  const { parseDetached, contextOf, isTemplate, contentOf } = detachedParsing(win, guard);
  const parentNode = getOwnPropertyDescriptor(proto('Node') ?? {}, 'parentNode')?.get as Fn;
  const DOMExceptionOf = g['DOMException'] as unknown as typeof DOMException;
  // The parsers, before anything below replaces them.
  const parseInto = getOwnPropertyDescriptor(proto('Element') ?? {}, 'innerHTML')?.set as Fn;
  const parsers: Record<string, Fn> = {
    __proto__: null,
    setHTMLUnsafe: pristine('Element', 'setHTMLUnsafe'),
    setHTML: pristine('Element', 'setHTML'),
  } as unknown as Record<string, Fn>;

  const refuse = (api: RefusedMarkup | typeof NESTED_FRAME): never => {
    guard.refused(api);
    throw new DOMExceptionOf(
      api === NESTED_FRAME
        ? 'Nested frames (<iframe>, <frame>, <object>, <embed>) are not available to extensions: the browser reaches any host one is sent to ' +
            'before CSP refuses it. Isolate markup with a shadow root (element.attachShadow) instead.'
        : `${api === 'shadowrootmode' ? 'Markup with a declarative shadow root' : api} holding <link> or a nested frame is not available to extensions: ` +
            'the browser would act on it before the sandbox could look. Create the elements with the DOM instead.',
      'NotAllowedError',
    );
  };
  lockNodeEntry(win, guard, patched, refuse);

  // innerHTML on an element or a shadow root: the children, replaced. A template's markup goes to its inert contents.
  for (let i = 0; i < 2; i++) {
    const iface = i === 0 ? 'Element' : 'ShadowRoot';
    patchAccessor(patched, proto(iface), 'innerHTML', {
      set: (original) =>
        function (this: unknown, value: unknown) {
          const html = `${value as string}`;
          if (!matches(RISKY_MARKUP, html) || isTemplate(this)) return void apply(original, this, [html]);
          const fragment = parseDetached(contextOf(this), parseInto, [html]);
          apply(locked(iface === 'Element' ? 'Element' : 'DocumentFragment', 'replaceChildren'), this, [fragment]);
        },
    });
  }

  patchAccessor(patched, proto('Element'), 'outerHTML', {
    set: (original) =>
      function (this: unknown, value: unknown) {
        const html = `${value as string}`;
        const parent = apply(parentNode, this, []);
        const context = parent === null ? undefined : contextOf(parent);
        if (!matches(RISKY_MARKUP, html) || context === undefined) return void apply(original, this, [html]);
        const fragment = parseDetached(context, parseInto, [html]);
        apply(locked('Element', 'replaceWith'), this, [fragment]);
      },
  });

  patchMethod(
    patched,
    proto('Element'),
    'insertAdjacentHTML',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (args.length < 2) return apply(original, this, args);
        const where = lower(`${args[0] as string}`);
        const html = `${args[1] as string}`;
        const outside = where === 'beforebegin' || where === 'afterend';
        const inside = where === 'afterbegin' || where === 'beforeend';
        const parent = outside ? apply(parentNode, this, []) : null;
        const context = inside ? this : parent === null ? undefined : contextOf(parent);
        if (!matches(RISKY_MARKUP, html) || context === undefined) return apply(original, this, [where, html]);
        const fragment = parseDetached(context, parseInto, [html]);
        const insert = {
          beforebegin: 'before',
          afterbegin: 'prepend',
          beforeend: 'append',
          afterend: 'after',
        } as Record<string, string>;
        apply(locked('Element', insert[where]!), this, [fragment]);
      },
  );

  // setHTMLUnsafe / setHTML parse declarative shadow roots, which may be closed
  // (out of reach of the insertion's cleaning): refused when risky.
  for (let i = 0; i < 4; i++) {
    const iface = i < 2 ? 'Element' : 'ShadowRoot';
    const name = i % 2 ? 'setHTML' : 'setHTMLUnsafe';
    patchMethod(
      patched,
      proto(iface),
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const html = `${args[0] as string}`;
          if (!matches(RISKY_MARKUP, html)) return apply(original, this, withFirst(html, args));
          if (matches(SHADOW_ROOT_MARKUP, html)) refuse('shadowrootmode');
          const fragment = parseDetached(contextOf(this), parsers[name]!, withFirst(html, args));
          // On a template the markup becomes its contents, as the browser's own call would make it.
          if (iface === 'Element' && isTemplate(this))
            return void apply(locked('DocumentFragment', 'replaceChildren'), contentOf(this), [fragment]);
          apply(locked(iface === 'Element' ? 'Element' : 'DocumentFragment', 'replaceChildren'), this, [fragment]);
        },
    );
  }
  // Document.parseHTMLUnsafe / parseHTML make a document of their own: clean it.
  const DocumentCtor = g['Document'];
  for (let i = 0; i < 2; i++) {
    patchMethod(
      patched,
      DocumentCtor,
      i ? 'parseHTML' : 'parseHTMLUnsafe',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const html = `${args[0] as string}`;
          if (!matches(RISKY_MARKUP, html)) return apply(original, this, withFirst(html, args));
          if (matches(SHADOW_ROOT_MARKUP, html)) refuse('shadowrootmode');
          const doc = apply(original, this, withFirst(html, args));
          guard.sanitize(doc);
          return doc;
        },
    );
  }

  // document.write feeds the document's own parser, and a tag may span writes:
  // the markup is judged with the end of what the document was written before.
  const written = new WeakMapOf<object, string>();
  for (let i = 0; i < 2; i++) {
    patchMethod(
      patched,
      proto('Document'),
      i ? 'writeln' : 'write',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          let text = '';
          for (let i = 0; i < args.length; i++) text += `${args[i] as string}`;
          const before = (apply(wmGet, written, [this]) as string | undefined) ?? '';
          const seen = before + text;
          if (matches(RISKY_MARKUP, seen)) refuse('document.write');
          apply(wmSet, written, [this, apply(slice, seen, [-16])]);
          return apply(original, this, [text]);
        },
    );
  }
  patchMethod(
    patched,
    proto('Document'),
    'execCommand',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        if (args.length < 3) return apply(original, this, args);
        const command = `${args[0] as string}`;
        const html = `${args[2] as string}`;
        if (lower(command) === 'inserthtml' && matches(RISKY_MARKUP, html)) {
          guard.refused('execCommand');
          return false;
        }
        return apply(original, this, [command, args[1], html]);
      },
  );
}

/** `args` with its first replaced by `first`, copied without the array iterator (the extension may have replaced it). */
function withFirst(first: unknown, args: unknown[]): unknown[] {
  const out: unknown[] = [first];
  for (let i = 1; i < args.length; i++)
    defineProperty(out, i, {
      __proto__: null,
      value: args[i],
      writable: true,
      enumerable: true,
      configurable: true,
    } as PropertyDescriptor);
  return out;
}
