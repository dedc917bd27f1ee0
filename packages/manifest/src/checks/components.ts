// contributes.site.components: each id's form, namespace and repeats, and where each repeat is.
import { shorten, type Place, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { COMPONENT_ID, componentIdPattern, KEBAB_PART } from '../patterns.js';
import { ElementWalk } from '../positions.js';
import { isLastOnPath, lineRun, valueAt } from '../scan.js';
import { reportRepeat } from './lists.js';
import { StringSet } from './strings.js';

export const COMPONENTS = '/contributes/site/components';

/**
 * What the pass over the component ids found. The structural check reports the ids out of form
 * (where its compiled check would have), the rules the rest: a list of tens of thousands of ids
 * costs a JSON.parse of it for each reading, so the form, the namespace and the repeats share one.
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
  /** Each repeat's line and column, when the pass read the list's text (`diagnosticPositions` takes them). */
  places: Place[] | undefined;
  /** The same for each id outside the namespace. */
  outsidePlaces: Place[] | undefined;
}

const componentId = new RegExp(COMPONENT_ID);

/**
 * `publisher` and `id` are kebab-case or undefined (then that part is not checked). Two passes:
 * the first finds the repeats, the second reads each id's form and namespace. With the text the
 * list was parsed from, the second also reads the list's text: runs of ids are then checked by
 * one native match over their text (that they are ids in the namespace, one a line), and each
 * repeat's line and column are known without a walk to its pointer.
 */
export function scanComponents(
  list: unknown[],
  publisher: string | undefined,
  id: string | undefined,
  text?: string,
): ComponentScan {
  // Made before the loop: the first call runs the loop optimized on the stack (OSR), and an object
  // made after it, where that code had no feedback yet, sent the call back to the interpreter.
  const scan: ComponentScan = {
    list,
    declared: new StringSet(list, publisher === undefined || id === undefined ? 0 : publisher.length + id.length + 2),
    misshapen: [],
    repeats: [],
    outside: [],
    places: [],
    outsidePlaces: [],
  };
  const { declared, misshapen, repeats, outside, places, outsidePlaces } = scan;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string' && item !== '' && !declared.addAt(i)) repeats.push(i);
  }
  const namespace = namespacePattern(publisher, id);
  const walk = text === undefined ? undefined : walkOf(text);
  let misshapenIds: Set<string> | undefined;
  // A native match takes up to 2^run ids, run growing while the matches succeed and back to 0
  // when one fails: a match that fails far on costs what the ones before it took, never more.
  // A list one id a line, indented alike, is matched through its repeats (each is an id of the
  // form, its first occurrence in the namespace, since it is the same text), whose places follow
  // from their lines in the run. Lines indented otherwise, and a list on one line, are matched up
  // to the next repeat, which is then taken alone; once such a match took what the exact one did
  // not, it is tried first, and the exact one first again every 8th run.
  let run = 0;
  let maxRun = namespace.runs && walk !== undefined ? MAX_RUN : -1;
  let loosely = 0;
  /** Matches `count` ids from `i` through their repeats, placing them: the index in `repeats` past them, or -1. */
  const exact = (i: number, count: number, r: number): number => {
    if (!walk!.skipLines(count, namespace.lines(count))) return -1;
    for (; r < repeats.length && repeats[r]! < i + count; r++) places!.push(walk!.placeInRun(repeats[r]! - i));
    return r;
  };
  for (let i = 0, r = 0; i < list.length;) {
    const repeat = r < repeats.length ? repeats[r]! : list.length;
    // The last id has no comma after it: no match takes it.
    const size = 1 << run;
    const count = maxRun === -1 ? 0 : runOf(list.length - 1 - i, size, maxRun);
    if (count > 0) {
      const upTo = i < repeat ? runOf(repeat - i, size, maxRun) : 0;
      let taken = 0;
      try {
        const exactFirst = loosely % 8 === 0;
        let past = exactFirst ? exact(i, count, r) : -1;
        if (
          past === -1 &&
          upTo > 0 &&
          (walk!.skipLines(upTo, namespace.loose(upTo)) || walk!.skipFlat(namespace.flat(upTo)))
        ) {
          taken = upTo;
          loosely++;
        } else if (past !== -1 || (!exactFirst && (past = exact(i, count, r)) !== -1)) {
          taken = count;
          r = past;
          loosely = 0;
        }
      } catch {
        // An expression the engine would not build or run to its end: its backtracking stack grows
        // with the hyphens in the ids a match takes, and thousands of ids of a thousand hyphens
        // each exhaust it. The walk has not moved; runs are halved from here (no more runs once
        // one id alone is too many), and those ids are read one at a time.
        maxRun = run - 1;
      }
      if (taken > 0) {
        if (taken === size && run < maxRun) run++;
        i += taken;
        continue;
      }
      run = 0;
    }
    // One id at a time: a repeat, or an id the native match could not take.
    const item = list[i];
    if (typeof item !== 'string' || item === '') misshapen.push(i);
    else if (i === repeat) {
      r++;
      if (walk !== undefined && walk.at !== -1) places!.push(walk.place());
      if (misshapenIds?.has(item)) misshapen.push(i);
    } else if (namespace.test(item)) {
      // In the namespace.
    } else if (componentId.test(item)) {
      outside.push(i);
      if (walk !== undefined && walk.at !== -1) outsidePlaces!.push(walk.place());
    } else {
      misshapen.push(i);
      (misshapenIds ??= new Set()).add(item);
    }
    walk?.next(item);
    i++;
  }
  if (walk === undefined) scan.places = scan.outsidePlaces = undefined;
  // Read again without the text when it was another list's (a repeated key: JSON.parse kept a later one).
  else if (!walk.done || !isLastOnPath(text!, COMPONENT_KEYS, walk.at + 1)) return scanComponents(list, publisher, id);
  return scan;
}

/** The ids the next match takes when `left` are left and the run is at `size` (2^run): `size` when that many are left, without a logarithm. */
const runOf = (left: number, size: number, maxRun: number): number => (left >= size ? size : lineRun(left, maxRun));

/** At most 2^12 ids per native match: the engine's backtracking stack grows with the count. */
const MAX_RUN = 12;
const COMPONENT_KEYS = ['contributes', 'site', 'components'];

/** A walk over the elements of the first components array in `text`, or undefined where the text has none. */
function walkOf(text: string): ElementWalk | undefined {
  const open = valueAt(text, COMPONENT_KEYS);
  return open === -1 ? undefined : new ElementWalk(text, open);
}

/**
 * Ids of the form whose parts are the publisher and the manifest's id (any kebab-case part where
 * one is unknown): `test` tests one id; `lines(count)`, `loose(count)` and `flat(count)` match
 * the text of `count` array elements, each such an id in quotes followed by its comma, and by
 * exactly one line break (as JSON.stringify and editors write a list: `lines` when the lines after
 * the first are indented alike, `loose` however they are) or by none (a list on one line). `runs`
 * is false where the publisher and id are too long for the engine to repeat them in one expression.
 */
class Namespace {
  private readonly pattern: RegExp | undefined;
  readonly runs: boolean;
  private readonly lined: RegExp[] = [];
  private readonly loosed: RegExp[] = [];
  private readonly flats: RegExp[] = [];

  constructor(
    readonly publisher: string | undefined,
    readonly id: string | undefined,
  ) {
    // Both are kebab-case: no character in them means anything in a regular expression.
    this.runs = (publisher?.length ?? 0) + (id?.length ?? 0) <= MAX_NAMESPACE;
    this.pattern = this.runs ? new RegExp(componentIdPattern(publisher, id)) : undefined;
  }

  /**
   * Whether one id is of the form and in the namespace: one native match, or, when the namespace is
   * too long to compile into one, the form's match and its first two parts compared.
   */
  test(item: string): boolean {
    if (this.pattern !== undefined) return this.pattern.test(item);
    if (!componentId.test(item)) return false;
    const dot = item.indexOf('.');
    return (
      (this.publisher === undefined || item.slice(0, dot) === this.publisher) &&
      (this.id === undefined || item.slice(dot + 1, item.indexOf('.', dot + 1)) === this.id)
    );
  }

  /** One element and its comma. */
  private get element(): string {
    return `"${this.publisher ?? KEBAB_PART}\\.${this.id ?? KEBAB_PART}\\.${KEBAB_PART}"[ \\t\\r]*,[ \\t\\r]*`;
  }

  /**
   * The lines after the first are indented alike (a back-reference, which the engine matches
   * faster than a class repeated on each line, and which places each element of the run).
   */
  lines(count: number): RegExp {
    return (this.lined[count] ??= this.linesOf(count));
  }

  private linesOf(count: number): RegExp {
    const { element } = this;
    if (count === 1) return new RegExp(`${element}\\n[ \\t]*`, 'y');
    return new RegExp(`${element}\\n([ \\t]*)(?:${element}\\n\\1){${count - 2}}${element}\\n[ \\t]*`, 'y');
  }

  loose(count: number): RegExp {
    return (this.loosed[count] ??= new RegExp(`(?:${this.element}\\n[ \\t]*){${count}}`, 'y'));
  }

  flat(count: number): RegExp {
    return (this.flats[count] ??= new RegExp(`(?:${this.element}){${count}}`, 'y'));
  }
}

/**
 * The longest publisher and id (together) the native matches repeat: longer ones (tens of
 * thousands of characters make an expression the engine refuses to compile) are read an id at a
 * time, and compared as parts.
 */
const MAX_NAMESPACE = 256;

let lastNamespace: Namespace | undefined;

function namespacePattern(publisher: string | undefined, id: string | undefined): Namespace {
  if (lastNamespace === undefined || lastNamespace.publisher !== publisher || lastNamespace.id !== id)
    lastNamespace = new Namespace(publisher, id);
  return lastNamespace;
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
    reportRepeat(
      scan.list,
      scan.repeats[k]!,
      COMPONENTS,
      'contributes.site.components.duplicate',
      reporter,
      plain,
      scan.places?.[k],
    );
  for (let k = 0; k < scan.outside.length; k++)
    reportNamespace(
      scan.list[scan.outside[k]!] as string,
      scan.outside[k]!,
      publisher,
      id,
      reporter,
      scan.outsidePlaces?.[k],
    );
  if (publisher === undefined && scan.declared.size > 0) {
    reporter.report(
      'publisher.unknown',
      COMPONENTS,
      'no publisher handle was given (--publisher, or "extkit": { "publisher": ... } in package.json): component ids were checked except for their publisher part',
    );
  }
  return scan.declared.items;
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
  place: Place | undefined,
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
      place,
    );
  }
  if (!extensionOk) {
    reporter.report(
      'contributes.site.components.wrong_extension',
      at,
      'component "' + component + '" names extension "' + extension + '", but this manifest\'s id is "' + mid + use,
      place,
    );
  }
}
