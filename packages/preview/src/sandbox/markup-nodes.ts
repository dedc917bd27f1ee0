// Where the DOM takes nodes in or makes them: every DOM insertion cleans what
// it inserts, every parser cleans what it made before anyone holds it, and a
// nested frame is refused wherever the DOM would make one (createElement,
// createElementNS, createDocument, a customized built-in that extends one).
import { NESTED_FRAME, NESTED_FRAME_ELEMENTS } from './attempt.js';
import { lower, type HintGuard } from './hints.js';
import { apply, eachMember, patchAccessor, patchMethod, type Fn, type Members, type Patched } from './patch.js';

/** DOM methods that insert the nodes they are given, by interface (<select>'s too: its indexed setters cannot be patched, parse-time cleaning covers them). */
const NODE_INSERTERS: Members = [
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
const NODE_SETTERS: Members = [
  ['Document', ['body']],
  ['HTMLTableElement', ['caption', 'tHead', 'tFoot']],
];
/** Parsers that hand out what they made (a fragment or a document), and createDocument (its root may be a nested frame): cleaned before anyone holds it. */
const PARSER_METHODS: Members = [
  ['DOMParser', ['parseFromString']],
  ['Range', ['createContextualFragment']],
  ['XSLTProcessor', ['transformToFragment', 'transformToDocument']],
  ['DOMImplementation', ['createDocument']],
];
const PARSER_GETTERS: Members = [
  // Template contents, however parsed (innerHTML, DOMParser, nested templates, clones): cleaned whenever handed out.
  ['HTMLTemplateElement', ['content']],
  ['XMLHttpRequest', ['responseXML', 'response']],
];
/** The DOM's ways to make an element: a nested frame is refused before anyone holds it. */
const ELEMENT_MAKERS: Members = [['Document', ['createElement', 'createElementNS']]];

/** Replaces `win`'s ways of taking nodes in and making them; `refuse` throws the nested frame's refusal. */
export function lockNodeEntry(
  win: Window,
  guard: HintGuard,
  patched: Patched,
  refuse: (api: typeof NESTED_FRAME) => never,
): void {
  const g = win as unknown as Record<string, { prototype: object } | undefined>;
  /** Cleans each node it is given before `original` inserts it. */
  const inserting = (original: Fn): Fn =>
    function (this: unknown, ...args: unknown[]) {
      for (let i = 0; i < args.length; i++) if (guard.sanitize(args[i])) refuse(NESTED_FRAME);
      return apply(original, this, args);
    };
  /** Cleans what `original` made before its caller holds it. */
  const cleaningMade = (original: Fn): Fn =>
    function (this: unknown, ...args: unknown[]) {
      const made = apply(original, this, args);
      guard.sanitize(made);
      return made;
    };
  /** Refuses a nested frame `original` made before its caller holds it. */
  const refusingFrames = (original: Fn): Fn =>
    function (this: unknown, ...args: unknown[]) {
      const made = apply(original, this, args);
      if (guard.kindOf(made) === 'frame') refuse(NESTED_FRAME);
      return made;
    };

  eachMember(win, NODE_INSERTERS, (target, name) => patchMethod(patched, target, name, inserting));
  eachMember(win, NODE_SETTERS, (target, name) =>
    patchAccessor(patched, target, name, {
      set: (original) =>
        function (this: unknown, value: unknown) {
          if (guard.sanitize(value)) refuse(NESTED_FRAME);
          apply(original, this, [value]);
        },
    }),
  );
  // A link a parser made is cleaned before its maker is handed it, so no way
  // of connecting it (an inserter this file does not know of, <select>'s
  // indexed setters) finds a blocked rel: DOM-made links are cleaned at every attribute write.
  eachMember(win, PARSER_METHODS, (target, name) => patchMethod(patched, target, name, cleaningMade));
  eachMember(win, PARSER_GETTERS, (target, name) =>
    patchAccessor(patched, target, name, {
      get: (original) =>
        function (this: unknown) {
          const made = apply(original, this, []);
          guard.sanitize(made);
          return made;
        },
    }),
  );
  eachMember(win, ELEMENT_MAKERS, (target, name) => patchMethod(patched, target, name, refusingFrames));
  // A customized built-in (`class X extends HTMLIFrameElement`, `{ extends: 'iframe' }`) is constructed without createElement.
  patchMethod(
    patched,
    g['CustomElementRegistry']?.prototype,
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
}
