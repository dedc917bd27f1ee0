// Where nodes enter a document: every DOM insertion cleans what it inserts (a
// parser may have made it: innerHTML on a detached element, DOMParser,
// template contents, XSLT), and every HTML string sink that parses straight
// into a document parses risky markup into a detached element of the same kind
// first, so the insertion cleans it. Markup the lockdown cannot parse apart
// before the browser does (document.write, execCommand('insertHTML'),
// declarative shadow roots, which may be closed) is refused when risky.
import { RISKY_MARKUP, lower, matches, type HintGuard } from './hints.js';
import { patchAccessor, patchMethod, type Fn, type Patched } from './patch.js';

const { apply, getOwnPropertyDescriptor } = Reflect;
const { get: wmGet, set: wmSet } = WeakMap.prototype;
const { slice, indexOf } = String.prototype;
const XHTML = 'http://www.w3.org/1999/xhtml';
const SHADOW_ROOT_MARKUP = /shadowroot/i;

/** DOM methods that insert the nodes they are given, by interface. */
const NODE_INSERTERS: Record<string, string[]> = {
  Node: ['appendChild', 'insertBefore', 'replaceChild'],
  Element: ['append', 'prepend', 'before', 'after', 'replaceWith', 'replaceChildren', 'insertAdjacentElement', 'moveBefore'],
  CharacterData: ['before', 'after', 'replaceWith'],
  DocumentType: ['before', 'after', 'replaceWith'],
  DocumentFragment: ['append', 'prepend', 'replaceChildren', 'moveBefore'],
  Document: ['append', 'prepend', 'replaceChildren', 'moveBefore'],
  Range: ['insertNode', 'surroundContents'],
};
/** Setters that insert the node they are given. */
const NODE_SETTERS: Record<string, string[]> = {
  Document: ['body'],
  HTMLTableElement: ['caption', 'tHead', 'tFoot'],
};

export function lockMarkup(win: Window, guard: HintGuard, patched: Patched): void {
  const g = win as unknown as Record<string, ({ prototype: object } & Record<string, unknown>) | undefined>;
  const proto = (iface: string): object | undefined => g[iface]?.prototype;
  const getter = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.get as Fn;
  const pristine = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.value as Fn;
  /** The method as the extension sees it once the lockdown is sealed: it cleans what it inserts. */
  const locked = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.value as Fn;
  const localName = getter('Element', 'localName');
  const namespaceURI = getter('Element', 'namespaceURI');
  const ownerDocument = getter('Node', 'ownerDocument');
  const parentNode = getter('Node', 'parentNode');
  const firstChild = getter('Node', 'firstChild');
  const nodeType = getter('Node', 'nodeType');
  const host = getter('ShadowRoot', 'host');
  const appendChild = pristine('Node', 'appendChild');
  const createElementNS = pristine('Document', 'createElementNS');
  const createDocumentFragment = pristine('Document', 'createDocumentFragment');
  const DOMExceptionOf = g['DOMException'] as unknown as typeof DOMException;
  // The parsers, before anything below replaces them.
  const parseInto = getOwnPropertyDescriptor(proto('Element') ?? {}, 'innerHTML')?.set as Fn;
  const parsers: Record<string, Fn> = { __proto__: null, setHTMLUnsafe: pristine('Element', 'setHTMLUnsafe'), setHTML: pristine('Element', 'setHTML') } as unknown as Record<string, Fn>;

  for (const [iface, names] of Object.entries(NODE_INSERTERS)) {
    for (const name of names) {
      patchMethod(patched, proto(iface), name, (original) =>
        function (this: unknown, ...args: unknown[]) {
          for (let i = 0; i < args.length; i++) guard.sanitize(args[i]);
          return apply(original, this, args);
        },
      );
    }
  }
  for (const [iface, names] of Object.entries(NODE_SETTERS)) {
    for (const name of names) {
      patchAccessor(patched, proto(iface), name, {
        set: (original) =>
          function (this: unknown, value: unknown) {
            guard.sanitize(value);
            apply(original, this, [value]);
          },
      });
    }
  }

  const refuse = (api: 'document.write' | 'execCommand' | 'shadowrootmode'): never => {
    guard.refused(api);
    throw new DOMExceptionOf(
      `${api === 'shadowrootmode' ? 'Markup with a declarative shadow root' : api} holding <link> or srcdoc is not available to extensions: ` +
        'a resource hint in it would reach the network before the sandbox could look. Create the elements with the DOM instead.',
      'NotAllowedError',
    );
  };
  /**
   * Parses `html` the way `parse` would into `context`'s children, but into a
   * detached element of the same kind (same document, namespace and name; a
   * custom element's name parses like a div), and returns a fragment of the result.
   */
  const parseDetached = (context: unknown, parse: Fn, args: unknown[]): DocumentFragment => {
    const ns = apply(namespaceURI, context, []) as string | null;
    const name = apply(localName, context, []) as string;
    const custom = ns === XHTML && (apply(indexOf, name, ['-']) as number) >= 0;
    const doc = apply(ownerDocument, context, []);
    const detached = apply(createElementNS, doc, [ns, custom ? 'div' : name]);
    apply(parse, detached, args);
    const fragment = apply(createDocumentFragment, doc, []) as DocumentFragment;
    let child: unknown;
    while ((child = apply(firstChild, detached, [])) !== null) apply(appendChild, fragment, [child]);
    return fragment;
  };
  /** The element whose children `node`'s markup becomes: a shadow root's host, a fragment's stand-in body (as the HTML spec does). */
  const contextOf = (node: unknown): unknown => {
    const type = apply(nodeType, node, []) as number;
    if (type === 1) return node;
    if (type === 11) {
      try {
        return apply(host, node, []);
      } catch {
        return apply(createElementNS, apply(ownerDocument, node, []), [XHTML, 'body']);
      }
    }
    return undefined;
  };
  const isTemplate = (node: unknown): boolean => {
    try {
      return apply(localName, node, []) === 'template' && apply(namespaceURI, node, []) === XHTML;
    } catch {
      return false;
    }
  };

  // innerHTML on an element or a shadow root: the children, replaced. A template's markup goes to its inert contents.
  for (const iface of ['Element', 'ShadowRoot']) {
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

  patchMethod(patched, proto('Element'), 'insertAdjacentHTML', (original) =>
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
      const insert = { beforebegin: 'before', afterbegin: 'prepend', beforeend: 'append', afterend: 'after' } as Record<string, string>;
      apply(locked('Element', insert[where]!), this, [fragment]);
    },
  );

  // setHTMLUnsafe / setHTML parse declarative shadow roots, which may be closed
  // (out of reach of the insertion's cleaning): refused when risky.
  for (const iface of ['Element', 'ShadowRoot']) {
    for (const name of ['setHTMLUnsafe', 'setHTML']) {
      patchMethod(patched, proto(iface), name, (original) =>
        function (this: unknown, ...args: unknown[]) {
          const html = `${args[0] as string}`;
          if (!matches(RISKY_MARKUP, html)) return apply(original, this, withFirst(html, args));
          if (matches(SHADOW_ROOT_MARKUP, html)) refuse('shadowrootmode');
          const fragment = parseDetached(contextOf(this), parsers[name]!, withFirst(html, args));
          apply(locked(iface === 'Element' ? 'Element' : 'DocumentFragment', 'replaceChildren'), this, [fragment]);
        },
      );
    }
  }
  // Document.parseHTMLUnsafe / parseHTML make a document of their own: clean it.
  const DocumentCtor = g['Document'];
  for (const name of ['parseHTMLUnsafe', 'parseHTML']) {
    patchMethod(patched, DocumentCtor, name, (original) =>
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
  const written = new WeakMap<object, string>();
  for (const name of ['write', 'writeln']) {
    patchMethod(patched, proto('Document'), name, (original) =>
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
  patchMethod(patched, proto('Document'), 'execCommand', (original) =>
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
  for (let i = 1; i < args.length; i++) Reflect.defineProperty(out, i, { __proto__: null, value: args[i], writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
  return out;
}
