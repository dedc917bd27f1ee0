// Where nodes enter a document: every DOM insertion cleans what it inserts (a
// parser may have made it: innerHTML on a detached element, DOMParser,
// template contents, XSLT), and every HTML string sink that parses straight
// into a document parses risky markup into a detached element of the same kind
// first, so the insertion cleans it. Markup the lockdown cannot parse apart
// before the browser does (document.write, execCommand('insertHTML'),
// declarative shadow roots, which may be closed) is refused when risky.
// Nested frames are refused wherever the DOM would make one (createElement,
// createElementNS, createDocument, a customized built-in that extends one);
// the ones a parser makes are removed by the hint guard's cleaning.
import { NESTED_FRAME, NESTED_FRAME_ELEMENTS, type RefusedMarkup } from './attempt.js';
import { RISKY_MARKUP, lower, matches, type HintGuard } from './hints.js';
import { patchAccessor, patchMethod, type Fn, type Patched } from './patch.js';

const { apply, defineProperty, getOwnPropertyDescriptor } = Reflect;
const WeakMapOf = WeakMap;
const { get: wmGet, set: wmSet } = WeakMap.prototype;
const { slice, indexOf } = String.prototype;
const XHTML = 'http://www.w3.org/1999/xhtml';
const SHADOW_ROOT_MARKUP = /shadowroot/i;

/** DOM methods that insert the nodes they are given, by interface (<select>'s too: its indexed setters cannot be patched, parse-time cleaning covers them). */
const NODE_INSERTERS: Array<[string, string[]]> = [
  ['Node', ['appendChild', 'insertBefore', 'replaceChild']],
  [
    'Element',
    ['append', 'prepend', 'before', 'after', 'replaceWith', 'replaceChildren', 'insertAdjacentElement', 'moveBefore'],
  ],
  ['CharacterData', ['before', 'after', 'replaceWith']],
  ['DocumentType', ['before', 'after', 'replaceWith']],
  ['DocumentFragment', ['append', 'prepend', 'replaceChildren', 'moveBefore']],
  ['Document', ['append', 'prepend', 'replaceChildren', 'moveBefore']],
  ['Range', ['insertNode', 'surroundContents']],
  ['HTMLSelectElement', ['add']],
  ['HTMLOptionsCollection', ['add']],
];
/** Setters that insert the node they are given. */
const NODE_SETTERS: Array<[string, string[]]> = [
  ['Document', ['body']],
  ['HTMLTableElement', ['caption', 'tHead', 'tFoot']],
];
/** Parsers that hand out what they made (a fragment or a document): cleaned before anyone holds it. */
const PARSER_METHODS: Array<[string, string[]]> = [
  ['DOMParser', ['parseFromString']],
  ['Range', ['createContextualFragment']],
  ['XSLTProcessor', ['transformToFragment', 'transformToDocument']],
];
const PARSER_GETTERS: Array<[string, string[]]> = [
  // Template contents, however parsed (innerHTML, DOMParser, nested templates, clones): cleaned whenever handed out.
  ['HTMLTemplateElement', ['content']],
  ['XMLHttpRequest', ['responseXML', 'response']],
];

export function lockMarkup(win: Window, guard: HintGuard, patched: Patched): void {
  const g = win as unknown as Record<string, ({ prototype: object } & Record<string, unknown>) | undefined>;
  const proto = (iface: string): object | undefined => g[iface]?.prototype;
  const getter = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.get as Fn;
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
  const localName = getter('Element', 'localName');
  const namespaceURI = getter('Element', 'namespaceURI');
  const ownerDocument = getter('Node', 'ownerDocument');
  const parentNode = getter('Node', 'parentNode');
  const firstChild = getter('Node', 'firstChild');
  const nodeType = getter('Node', 'nodeType');
  const host = getter('ShadowRoot', 'host');
  const templateContent = getter('HTMLTemplateElement', 'content');
  const appendChild = pristine('Node', 'appendChild');
  const createElementNS = pristine('Document', 'createElementNS');
  const createDocumentFragment = pristine('Document', 'createDocumentFragment');
  const DOMExceptionOf = g['DOMException'] as unknown as typeof DOMException;
  // The parsers, before anything below replaces them.
  const parseInto = getOwnPropertyDescriptor(proto('Element') ?? {}, 'innerHTML')?.set as Fn;
  const parsers: Record<string, Fn> = {
    __proto__: null,
    setHTMLUnsafe: pristine('Element', 'setHTMLUnsafe'),
    setHTML: pristine('Element', 'setHTML'),
  } as unknown as Record<string, Fn>;

  for (let i = 0; i < NODE_INSERTERS.length; i++) {
    const names = NODE_INSERTERS[i]![1];
    for (let j = 0; j < names.length; j++) {
      patchMethod(
        patched,
        proto(NODE_INSERTERS[i]![0]),
        names[j]!,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            for (let i = 0; i < args.length; i++) if (guard.sanitize(args[i])) refuse(NESTED_FRAME);
            return apply(original, this, args);
          },
      );
    }
  }
  for (let i = 0; i < NODE_SETTERS.length; i++) {
    const names = NODE_SETTERS[i]![1];
    for (let j = 0; j < names.length; j++) {
      patchAccessor(patched, proto(NODE_SETTERS[i]![0]), names[j]!, {
        set: (original) =>
          function (this: unknown, value: unknown) {
            if (guard.sanitize(value)) refuse(NESTED_FRAME);
            apply(original, this, [value]);
          },
      });
    }
  }
  // A link a parser made is cleaned before its maker is handed it, so no way
  // of connecting it (an inserter this file does not know of, <select>'s
  // indexed setters) finds a blocked rel: DOM-made links are cleaned at every attribute write.
  for (let i = 0; i < PARSER_METHODS.length; i++) {
    const names = PARSER_METHODS[i]![1];
    for (let j = 0; j < names.length; j++) {
      patchMethod(
        patched,
        proto(PARSER_METHODS[i]![0]),
        names[j]!,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            const made = apply(original, this, args);
            guard.sanitize(made);
            return made;
          },
      );
    }
  }
  for (let i = 0; i < PARSER_GETTERS.length; i++) {
    const names = PARSER_GETTERS[i]![1];
    for (let j = 0; j < names.length; j++) {
      patchAccessor(patched, proto(PARSER_GETTERS[i]![0]), names[j]!, {
        get: (original) =>
          function (this: unknown) {
            const made = apply(original, this, []);
            guard.sanitize(made);
            return made;
          },
      });
    }
  }

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

  // The DOM's ways to make an element: a nested frame is refused before anyone holds it.
  for (let i = 0; i < 2; i++) {
    patchMethod(
      patched,
      proto('Document'),
      i ? 'createElementNS' : 'createElement',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          const made = apply(original, this, args);
          if (guard.kindOf(made) === 'frame') refuse(NESTED_FRAME);
          return made;
        },
    );
  }
  patchMethod(
    patched,
    proto('DOMImplementation'),
    'createDocument',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        const made = apply(original, this, args);
        guard.sanitize(made);
        return made;
      },
  );
  // A customized built-in (`class X extends HTMLIFrameElement`, `{ extends: 'iframe' }`) is constructed without createElement.
  patchMethod(
    patched,
    proto('CustomElementRegistry'),
    'define',
    (original) =>
      function (this: unknown, ...args: unknown[]) {
        const options = args[2];
        let extended: unknown;
        if (options !== undefined && options !== null) extended = (options as { extends?: unknown }).extends;
        if (extended === undefined) return apply(original, this, [args[0], args[1]]);
        const name = `${extended as string}`;
        for (let i = 0; i < NESTED_FRAME_ELEMENTS.length; i++)
          if (lower(name) === NESTED_FRAME_ELEMENTS[i]) refuse(NESTED_FRAME);
        return apply(original, this, [args[0], args[1], { __proto__: null, extends: name }]);
      },
  );
  /**
   * Parses `html` the way `parse` would into `context`'s children, but into a
   * detached element of the same kind (same document, namespace and name; a
   * custom element's name parses like a div), and returns a fragment of the result.
   */
  const parseDetached = (context: unknown, parse: Fn, args: unknown[]): DocumentFragment => {
    const ns = apply(namespaceURI, context, []) as string | null;
    const name = apply(localName, context, []) as string;
    const custom = ns === XHTML && apply(indexOf, name, ['-']) >= 0;
    const doc = apply(ownerDocument, context, []);
    const detached = apply(createElementNS, doc, [ns, custom ? 'div' : name]);
    apply(parse, detached, args);
    // A template's parser fills its contents, not its children.
    const source = isTemplate(detached) ? apply(templateContent, detached, []) : detached;
    const fragment = apply(createDocumentFragment, doc, []) as DocumentFragment;
    let child: unknown;
    while ((child = apply(firstChild, source, [])) !== null) apply(appendChild, fragment, [child]);
    guard.sanitize(fragment);
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
            return void apply(locked('DocumentFragment', 'replaceChildren'), apply(templateContent, this, []), [
              fragment,
            ]);
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
