// contributes.site.components: each id's form, namespace and repeats, found in one pass.
import { quote, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { COMPONENT_ID, KEBAB_PART } from '../patterns.js';
import { keptStrings, reportRepeat } from './lists.js';
import { StringSet } from './strings.js';

export const COMPONENTS = '/contributes/site/components';

/**
 * What one pass over the component ids found. The structural check reports the ids out of form
 * (where its compiled check would have), the rules the rest: a list of tens of thousands of ids
 * costs a JSON.parse of it for each pass, so the form, the namespace and the repeats share one.
 */
export interface ComponentScan {
  readonly list: unknown[];
  /** Each id once, first occurrence first: the ids function bindings may name. */
  readonly declared: StringSet;
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
  // Made before the loop: the first call runs the loop optimized on the stack (OSR), and an object
  // made after it, where that code had no feedback yet, sent the call back to the interpreter.
  const scan: ComponentScan = { list, declared: new StringSet(list.length), misshapen: [], repeats: [], outside: [] };
  const { declared, misshapen, repeats, outside } = scan;
  // One test tells the common id, of the form and in the namespace, from the rest.
  const inNamespace = namespacePattern(publisher, id);
  let misshapenIds: Set<string> | undefined;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') {
      misshapen.push(i);
      continue;
    }
    if (!declared.add(item)) {
      repeats.push(i);
      if (misshapenIds?.has(item)) misshapen.push(i);
      continue;
    }
    if (inNamespace.test(item)) continue;
    if (componentId.test(item)) outside.push(i);
    else {
      misshapen.push(i);
      (misshapenIds ??= new Set()).add(item);
    }
  }
  return scan;
}

let lastNamespace: { publisher: string | undefined; id: string | undefined; pattern: RegExp } | undefined;

/** Ids of the form whose parts are the publisher and the manifest's id (any kebab-case part where one is unknown). */
function namespacePattern(publisher: string | undefined, id: string | undefined): RegExp {
  if (lastNamespace === undefined || lastNamespace.publisher !== publisher || lastNamespace.id !== id) {
    // Both are kebab-case: no character in them means anything in a regular expression.
    lastNamespace = { publisher, id, pattern: new RegExp(`^${publisher ?? KEBAB_PART}\\.${id ?? KEBAB_PART}\\.${KEBAB_PART}$`) };
  }
  return lastNamespace.pattern;
}

/** The rules' findings of a scan (repeats, ids outside the namespace, no publisher to check); returns the normalized list. */
export function reportComponents(scan: ComponentScan, publisher: string | undefined, id: string | undefined, reporter: Reporter): string[] {
  // Without an item out of form, every repeat is of the form: letters, digits, dots and hyphens.
  const plain = scan.misshapen.length === 0;
  for (let k = 0; k < scan.repeats.length; k++) reportRepeat(scan.list, scan.repeats[k]!, COMPONENTS, 'contributes.site.components.duplicate', reporter, plain);
  for (let k = 0; k < scan.outside.length; k++) reportNamespace(scan.list[scan.outside[k]!] as string, scan.outside[k]!, publisher, id, reporter);
  if (publisher === undefined && scan.declared.size > 0) {
    reporter.report('publisher.unknown', COMPONENTS, 'no publisher handle was given (--publisher, or "extkit": { "publisher": ... } in package.json): component ids were checked except for their publisher part');
  }
  return keptStrings(scan.list, scan.declared);
}

/**
 * Reports a component id outside `<publisher>.<manifest id>.<role>`. Without a publisher handle
 * the first part cannot be checked, but the form and the middle part still can. Each report
 * offers the one id that would be right: the publisher's handle (or the id's own first part when
 * none is known), the manifest's id, and the id's role.
 */
function reportNamespace(component: string, index: number, publisher: string | undefined, id: string | undefined, reporter: Reporter): void {
  const [first, extension, role] = component.split('.') as [string, string, string];
  const publisherOk = publisher === undefined || first === publisher;
  const extensionOk = id === undefined || extension === id;
  // Without a handle, the id's own first part is kept, unless it is the manifest's id (the handle left out).
  const handle = publisher ?? (first === id ? '<publisher>' : first);
  const right = `${handle}.${id ?? extension}.${role}`;
  const at = join(COMPONENTS, index);
  if (!publisherOk) {
    reporter.report('contributes.site.components.wrong_publisher', at, `component ${quote(component)} is in the namespace of publisher "${first}", not "${publisher}"; use ${quote(right)}`);
  }
  if (!extensionOk) {
    reporter.report('contributes.site.components.wrong_extension', at, `component ${quote(component)} names extension "${extension}", but this manifest's id is "${id}"; use ${quote(right)}`);
  }
}
