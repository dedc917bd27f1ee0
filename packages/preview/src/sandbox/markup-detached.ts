// Risky markup parsed apart from the document: into a detached element of the
// same kind as where it was headed, handed back as a cleaned fragment that an
// HTML string sink (markup.ts) inserts instead, so the insertion cleans it.
import type { HintGuard } from './hints.js';
import { apply, getOwnPropertyDescriptor, type Fn } from './patch.js';

const { indexOf } = String.prototype;
export const XHTML = 'http://www.w3.org/1999/xhtml';

export interface DetachedParsing {
  /**
   * Parses `html` the way `parse` would into `context`'s children, but into a
   * detached element of the same kind (same document, namespace and name; a
   * custom element's name parses like a div), and returns a fragment of the result.
   */
  parseDetached(context: unknown, parse: Fn, args: unknown[]): DocumentFragment;
  /** The element whose children `node`'s markup becomes: a shadow root's host, a fragment's stand-in body (as the HTML spec does). */
  contextOf(node: unknown): unknown;
  isTemplate(node: unknown): boolean;
  /** A template's contents. */
  contentOf(template: unknown): unknown;
}

/** Reads the DOM members it uses from `win` now: call it before anything replaces them. */
export function detachedParsing(win: Window, guard: HintGuard): DetachedParsing {
  const g = win as unknown as Record<string, { prototype: object } | undefined>;
  const proto = (iface: string): object | undefined => g[iface]?.prototype;
  const getter = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.get as Fn;
  const pristine = (iface: string, name: string): Fn => getOwnPropertyDescriptor(proto(iface) ?? {}, name)?.value as Fn;
  const localName = getter('Element', 'localName');
  const namespaceURI = getter('Element', 'namespaceURI');
  const ownerDocument = getter('Node', 'ownerDocument');
  const firstChild = getter('Node', 'firstChild');
  const nodeType = getter('Node', 'nodeType');
  const host = getter('ShadowRoot', 'host');
  const templateContent = getter('HTMLTemplateElement', 'content');
  const appendChild = pristine('Node', 'appendChild');
  const createElementNS = pristine('Document', 'createElementNS');
  const createDocumentFragment = pristine('Document', 'createDocumentFragment');

  const contentOf = (template: unknown): unknown => apply(templateContent, template, []);
  const isTemplate = (node: unknown): boolean => {
    try {
      return apply(localName, node, []) === 'template' && apply(namespaceURI, node, []) === XHTML;
    } catch {
      return false;
    }
  };
  const parseDetached = (context: unknown, parse: Fn, args: unknown[]): DocumentFragment => {
    const ns = apply(namespaceURI, context, []) as string | null;
    const name = apply(localName, context, []) as string;
    const custom = ns === XHTML && apply(indexOf, name, ['-']) >= 0;
    const doc = apply(ownerDocument, context, []);
    const detached = apply(createElementNS, doc, [ns, custom ? 'div' : name]);
    apply(parse, detached, args);
    // A template's parser fills its contents, not its children.
    const source = isTemplate(detached) ? contentOf(detached) : detached;
    const fragment = apply(createDocumentFragment, doc, []) as DocumentFragment;
    let child: unknown;
    while ((child = apply(firstChild, source, [])) !== null) apply(appendChild, fragment, [child]);
    guard.sanitize(fragment);
    return fragment;
  };
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
  return { parseDetached, contextOf, isTemplate, contentOf };
}
