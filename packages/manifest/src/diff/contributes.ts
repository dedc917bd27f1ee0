// contributes: where the extension loads. A manifest without it is legacy (the seed: it loads where
// its element is placed, and in the console with the shell), so placed components and the shell
// are within a legacy version's reach and everything else is not.
import { join } from '../pointer.js';
import {
  type Changes,
  diffUnknown,
  eachMember,
  type Json,
  member,
  objectAt,
  sameJson,
  shown,
  side,
} from './collect.js';
import type { ChangeCode } from './codes.js';
import { diffList } from './lists.js';

interface Placement {
  group: 'site' | 'console';
  key: string;
  noun: string;
  /** Within a legacy version's reach. */
  legacy: boolean;
}

const PLACEMENTS: readonly Placement[] = [
  { group: 'site', key: 'components', noun: 'the site component', legacy: true },
  { group: 'site', key: 'features', noun: 'the site feature', legacy: false },
  { group: 'console', key: 'slots', noun: 'the console slot', legacy: false },
  { group: 'console', key: 'routes', noun: 'the console route', legacy: false },
  { group: 'console', key: 'orgRoutes', noun: 'the organization route', legacy: false },
];
const KNOWN = new Set(['site', 'console']);
const KNOWN_IN: Record<Placement['group'], ReadonlySet<string>> = {
  site: new Set(['components', 'features', 'functionBindings']),
  console: new Set(['slots', 'routes', 'orgRoutes', 'shell']),
};
const LEGACY = 'a legacy version (no contributes) already loads where its element is placed';

export function diffContributes(changes: Changes, older: unknown, newer: unknown): void {
  const legacyA = older === undefined;
  const legacyB = newer === undefined;
  if (legacyA && legacyB) return;
  if (legacyA)
    changes.add(
      'contributes.declared',
      null,
      side('/contributes', newer),
      false,
      'declares contributes (the older version had none)',
      'it now loads only where contributes says, no longer wherever its element is placed',
    );
  if (legacyB)
    changes.add(
      'contributes.undeclared',
      side('/contributes', older),
      null,
      true,
      'drops contributes',
      'without contributes the platform treats the version as legacy: it loads wherever its element is placed, and in the console with the shell',
    );
  const a = objectAt(older);
  const b = objectAt(newer);
  for (const p of PLACEMENTS) {
    const at = join('/contributes', p.group, p.key);
    const listA = member(objectAt(member(a, p.group)), p.key);
    // A legacy version still loads where its element is placed: losing a component's declaration to legacy loses nothing.
    const listB = legacyB && p.legacy ? listA : member(objectAt(member(b, p.group)), p.key);
    const addedWidens = !(legacyA && p.legacy);
    const code = (change: 'added' | 'removed') => `contributes.${p.group}.${p.key}.${change}` as ChangeCode;
    diffList(
      changes,
      {
        at,
        noun: p.noun,
        added: code('added'),
        removed: code('removed'),
        onAdded: {
          widens: addedWidens,
          reason: addedWidens ? `the extension loads in a place the older version did not` : LEGACY,
        },
        onRemoved: { reason: 'the extension no longer loads there' },
      },
      listA,
      listB,
    );
  }
  diffShell(
    changes,
    legacyA || member(objectAt(member(a, 'console')), 'shell') === true,
    legacyB || member(objectAt(member(b, 'console')), 'shell') === true,
    legacyA,
    legacyB,
  );
  diffBindings(
    changes,
    objectAt(member(objectAt(member(a, 'site')), 'functionBindings')),
    objectAt(member(objectAt(member(b, 'site')), 'functionBindings')),
  );
  diffUnknown(changes, '/contributes', a, b, KNOWN, true);
  for (const group of ['site', 'console'] as const)
    diffUnknown(
      changes,
      join('/contributes', group),
      objectAt(member(a, group)),
      objectAt(member(b, group)),
      KNOWN_IN[group],
      true,
    );
}

function diffShell(changes: Changes, shellA: boolean, shellB: boolean, legacyA: boolean, legacyB: boolean): void {
  const at = '/contributes/console/shell';
  if (!shellA && shellB)
    changes.add(
      'contributes.console.shell.added',
      null,
      legacyB ? null : side(at, true),
      true,
      'loads as the console shell',
      legacyB ? 'a legacy version loads in the console with the shell' : 'the shell is in every console page',
    );
  if (shellA && !shellB)
    changes.add(
      'contributes.console.shell.removed',
      legacyA ? null : side(at, true),
      null,
      false,
      'no longer loads as the console shell',
      legacyA
        ? 'the older version was legacy, which loads in the console with the shell'
        : 'the extension no longer loads there',
    );
}

/** functionBindings: component id to the prop that holds a function name; a new binding lets a component call functions. */
function diffBindings(changes: Changes, a: Json | undefined, b: Json | undefined): void {
  eachMember('/contributes/site/functionBindings', a, b, (key, x, y, path) => {
    if (x === undefined)
      changes.add(
        'contributes.site.functionBindings.added',
        null,
        side(path, y),
        true,
        `binds ${shown(key)} to the prop ${shown(y)}`,
        'the component may call a host function named by that prop',
      );
    else if (y === undefined)
      changes.add(
        'contributes.site.functionBindings.removed',
        side(path, x),
        null,
        false,
        `unbinds ${shown(key)} (was the prop ${shown(x)})`,
        'the component can no longer call functions',
      );
    else if (!sameJson(x, y))
      changes.add(
        'contributes.site.functionBindings.changed',
        side(path, x),
        side(path, y),
        false,
        `binds ${shown(key)} to the prop ${shown(y)} instead of ${shown(x)}`,
        'still one binding: the function name comes from another prop',
      );
  });
}
