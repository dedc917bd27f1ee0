// contributes.site.components: each id's form, namespace and repeats.
import { shorten, type Reporter } from '../diagnostics.js';
import { COMPONENT_ID, componentIdPattern } from '../patterns.js';
import { reportRepeat } from './lists.js';

export const COMPONENTS = '/contributes/site/components';

/**
 * What the pass over the component ids found. The structural check reports the ids out of form
 * (where its compiled check would have), the rules the rest, from this one reading of the list.
 */
export interface ComponentScan {
  readonly list: unknown[];
  /** Each id once, first occurrence first: the ids function bindings may name. */
  readonly declared: Set<string>;
  /** Where an item is no string, or a string not of the form `<handle>.<id>.<role>` (the schema's pattern), in order. */
  readonly misshapen: number[];
  /** Where an id repeats an earlier one. */
  readonly repeats: number[];
  /** Where an id's first occurrence has the form but lies outside `<publisher>.<manifest id>`. */
  readonly outside: number[];
}

const componentId = new RegExp(COMPONENT_ID);

/** `publisher` and `id` are kebab-case or undefined (then that part is not checked). */
export function scanComponents(list: unknown[], publisher: string | undefined, id: string | undefined): ComponentScan {
  const scan: ComponentScan = { list, declared: new Set(), misshapen: [], repeats: [], outside: [] };
  const { declared, misshapen, repeats, outside } = scan;
  const inNamespace = namespaceTest(publisher, id);
  let misshapenIds: Set<string> | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') misshapen.push(i);
    else if (declared.has(item)) {
      repeats.push(i);
      if (misshapenIds?.has(item)) misshapen.push(i);
    } else {
      declared.add(item);
      if (inNamespace(item)) continue;
      if (componentId.test(item)) outside.push(i);
      else {
        misshapen.push(i);
        (misshapenIds ??= new Set()).add(item);
      }
    }
  }
  return scan;
}

/**
 * The longest publisher and id (together) compiled into one expression: longer ones (tens of
 * thousands of characters make an expression the engine refuses to compile) are compared as parts.
 */
const MAX_NAMESPACE = 256;

/** Whether an id is of the form and in the namespace `<publisher>.<id>` (any kebab-case part where one is unknown). */
function namespaceTest(publisher: string | undefined, id: string | undefined): (item: string) => boolean {
  // Both are kebab-case: no character in them means anything in a regular expression.
  if ((publisher?.length ?? 0) + (id?.length ?? 0) <= MAX_NAMESPACE) {
    const pattern = new RegExp(componentIdPattern(publisher, id));
    return (item) => pattern.test(item);
  }
  return (item) => {
    if (!componentId.test(item)) return false;
    const dot = item.indexOf('.');
    return (
      (publisher === undefined || item.slice(0, dot) === publisher) &&
      (id === undefined || item.slice(dot + 1, item.indexOf('.', dot + 1)) === id)
    );
  };
}

/** The rules' findings of a scan (repeats, ids outside the namespace, no publisher to check); returns the normalized list. */
export function reportComponents(
  scan: ComponentScan,
  publisher: string | undefined,
  id: string | undefined,
  reporter: Reporter,
): string[] {
  // Without an item out of form, every repeat is of the form: letters, digits, dots and hyphens.
  const plain = scan.misshapen.length === 0;
  for (let k = 0; k < scan.repeats.length; k++)
    reportRepeat(scan.list, scan.repeats[k]!, COMPONENTS, 'contributes.site.components.duplicate', reporter, plain);
  for (let k = 0; k < scan.outside.length; k++)
    reportNamespace(scan.list[scan.outside[k]!] as string, scan.outside[k]!, publisher, id, reporter);
  if (publisher === undefined && scan.declared.size > 0) {
    reporter.report(
      'publisher.unknown',
      COMPONENTS,
      'no publisher handle was given (--publisher, or "extkit": { "publisher": ... } in package.json): component ids were checked except for their publisher part',
    );
  }
  // Every item kept: the list is its own normalized form.
  return scan.declared.size === scan.list.length ? (scan.list as string[]) : [...scan.declared];
}

/**
 * Reports a component id outside `<publisher>.<manifest id>.<role>`. Without a publisher handle
 * the first part cannot be checked, but the form and the middle part still can. Each report
 * offers the one id that would be right: the publisher's handle (or the id's own first part when
 * none is known), the manifest's id, and the id's role.
 */
function reportNamespace(
  component: string,
  index: number,
  publisher: string | undefined,
  id: string | undefined,
  reporter: Reporter,
): void {
  // The id has the form (three kebab-case parts, no character to escape): its parts by two searches, and each message
  // is built from constant parts, as it is reported tens of thousands of times in a list that is all outside.
  const dot = component.indexOf('.');
  const dot2 = component.indexOf('.', dot + 1);
  const first = component.slice(0, dot);
  const extension = component.slice(dot + 1, dot2);
  const publisherOk = publisher === undefined || first === publisher;
  const extensionOk = id === undefined || extension === id;
  if (publisherOk && extensionOk) return;
  // The publisher and the manifest's id are named in every such finding, so a long one is shortened
  // (a 2 MB id in 300,000 findings made a report of 10^12 characters); the id's own parts are its text.
  const pub = publisher === undefined ? undefined : shorten(publisher);
  const mid = id === undefined ? undefined : shorten(id);
  // Without a handle, the id's own first part is kept, unless it is the manifest's id (the handle left out).
  const handle = pub ?? (first === id ? '<publisher>' : first);
  const use = '"; use "' + handle + '.' + (mid ?? extension) + component.slice(dot2) + '"';
  const at = COMPONENTS + '/' + index;
  if (!publisherOk) {
    reporter.report(
      'contributes.site.components.wrong_publisher',
      at,
      'component "' + component + '" is in the namespace of publisher "' + first + '", not "' + pub + use,
    );
  }
  if (!extensionOk) {
    reporter.report(
      'contributes.site.components.wrong_extension',
      at,
      'component "' + component + '" names extension "' + extension + '", but this manifest\'s id is "' + mid + use,
    );
  }
}
