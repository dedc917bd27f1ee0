import compare from 'semver/functions/compare.js';
import valid from 'semver/functions/valid.js';
import { Changes, diffUnknown, type Json, member, objectAt, sameJson, shown, side } from './collect.js';
import { SECTIONS } from './codes.js';
import { diffConfig } from './config.js';
import { diffContributes } from './contributes.js';
import { diffList } from './lists.js';
import { diffNetwork } from './network.js';
import { KNOWN_KEYS, TOP_LEVEL } from '../known-keys.js';
import type { ChangeSide, DiffSide, Direction, ManifestDiff, SideSummary } from './types.js';

// The schema's own keys (the validator's table): `version` is the diff's subject, not one of its
// changes, and `$schema` an editor hint the platform ignores; a key outside them is an unknown one.
const KNOWN = TOP_LEVEL;
const CAPABILITIES: ReadonlySet<string> = new Set(KNOWN_KEYS['/capabilities']);

/**
 * Everything that differs from `older` to `newer` that a reviewer or an installer cares about,
 * each change with a stable code, JSON Pointers on both sides and whether it widens what the
 * extension can reach. Total: any JSON value is read (never throws), though a normalized
 * manifest (the validator's output, what artifacts hold) is what it is meant for.
 * @example diffManifests({ manifest: v1 }, { manifest: v2 }).widens
 */
export function diffManifests(older: DiffSide, newer: DiffSide): ManifestDiff {
  const a = objectAt(older.manifest);
  const b = objectAt(newer.manifest);
  const changes = new Changes();
  diffIdentity(changes, a, b);
  diffCapabilities(changes, objectAt(member(a, 'capabilities')), objectAt(member(b, 'capabilities')));
  diffContributes(changes, member(a, 'contributes'), member(b, 'contributes'));
  diffLineage(changes, a, b);
  diffConfig(changes, member(a, 'config'), member(b, 'config'));
  diffBundle(changes, older.bundle, newer.bundle);
  diffUnknown(changes, '', a, b, KNOWN, false);
  const list = changes.list
    .map((c, i) => ({ c, i }))
    .sort((x, y) => SECTIONS.indexOf(x.c.section) - SECTIONS.indexOf(y.c.section) || x.i - y.i)
    .map((x) => x.c);
  const sa = summary(older, a);
  const sb = summary(newer, b);
  return {
    older: sa,
    newer: sb,
    direction: direction(sa.version, sb.version),
    widens: list.some((c) => c.widens),
    changes: list,
  };
}

function summary(s: DiffSide, m: Json | undefined): SideSummary {
  const id = member(m, 'id');
  const version = member(m, 'version');
  return {
    id: typeof id === 'string' ? id : null,
    version: typeof version === 'string' ? version : null,
    bundle: s.bundle ?? null,
  };
}

/** By semver precedence (build metadata does not count); the diff still reads from older to newer whatever this says. */
function direction(a: string | null, b: string | null): Direction {
  if (a === null || b === null || valid(a) === null || valid(b) === null) return 'unordered';
  const order = compare(a, b);
  return order < 0 ? 'upgrade' : order > 0 ? 'downgrade' : 'same';
}

function scalar(
  changes: Changes,
  key: 'id' | 'name' | 'description' | 'entry' | 'hostAbi',
  a: Json | undefined,
  b: Json | undefined,
  widens: boolean,
  reason: string,
): void {
  const x = member(a, key);
  const y = member(b, key);
  if (sameJson(x, y)) return;
  const path = `/${key}`;
  const older: ChangeSide | null = x === undefined ? null : side(path, x);
  const newer: ChangeSide | null = y === undefined ? null : side(path, y);
  const message =
    x === undefined
      ? `adds ${key} ${shown(y)}`
      : y === undefined
        ? `removes ${key} ${shown(x)}`
        : `${key} ${shown(x)} → ${shown(y)}`;
  changes.add(`${key}.changed`, older, newer, widens, message, reason);
}

function diffIdentity(changes: Changes, a: Json | undefined, b: Json | undefined): void {
  scalar(
    changes,
    'id',
    a,
    b,
    true,
    'an id is never renamed, so this is another extension: nothing it asks for was granted to the older one',
  );
  scalar(changes, 'name', a, b, false, 'what installers see; it reaches nothing new');
  scalar(changes, 'description', a, b, false, 'what installers read; it reaches nothing new');
  scalar(changes, 'entry', a, b, false, 'where the bundle is inside the artifact; it reaches nothing new');
  scalar(
    changes,
    'hostAbi',
    a,
    b,
    false,
    `only hosts of generation ${shown(member(b, 'hostAbi'))} load the newer version (a mismatch never loads); it grants nothing new`,
  );
}

function diffCapabilities(changes: Changes, a: Json | undefined, b: Json | undefined): void {
  diffNetwork(changes, member(a, 'network'), member(b, 'network'));
  const list = (key: 'props' | 'events', noun: string, added: string) =>
    diffList(
      changes,
      {
        at: `/capabilities/${key}`,
        noun,
        added: `capabilities.${key}.added`,
        removed: `capabilities.${key}.removed`,
        onAdded: { widens: true, reason: added },
        onRemoved: { reason: key === 'props' ? 'the bridge drops it' : 'the host drops it' },
      },
      member(a, key),
      member(b, key),
    );
  list('props', 'the prop', 'the bridge forwards a host prop the older version never received');
  list('events', 'the event', 'the host accepts an event the older version could not send');
  const x = member(a, 'size');
  const y = member(b, 'size');
  if (!sameJson(x, y)) {
    const height = (v: unknown) => (v === undefined ? 'none' : shown(member(objectAt(v), 'height') ?? v));
    changes.add(
      'capabilities.size.changed',
      x === undefined ? null : side('/capabilities/size', x),
      y === undefined ? null : side('/capabilities/size', y),
      false,
      `frame height ${height(x)} → ${height(y)}`,
      "the frame's size; it reaches nothing new",
    );
  }
  diffUnknown(changes, '/capabilities', a, b, CAPABILITIES, true);
}

/** restrictParent widens when the extension may be placed in more components; restrictChildren is what it may contain. */
function diffLineage(changes: Changes, a: Json | undefined, b: Json | undefined): void {
  for (const key of ['restrictParent', 'restrictChildren'] as const) {
    const x = member(a, key);
    const y = member(b, key);
    const parent = key === 'restrictParent';
    const at = `/${key}`;
    if (x === undefined && y === undefined) continue;
    if (x === undefined) {
      changes.add(
        `${key}.imposed`,
        null,
        side(at, y),
        false,
        `restricts ${parent ? 'where it may be placed' : 'what it may contain'} to ${shown(y)}`,
        'a new restriction; it reaches nothing new',
      );
    } else if (y === undefined) {
      changes.add(
        `${key}.lifted`,
        side(at, x),
        null,
        parent,
        `no longer restricts ${parent ? 'where it may be placed' : 'what it may contain'} (was ${shown(x)})`,
        parent
          ? 'it may be placed in any component'
          : 'editor lineage of what it contains; the extension itself reaches nothing new',
      );
    } else {
      diffList(
        changes,
        {
          at,
          noun: parent ? 'the parent' : 'the child',
          added: `${key}.added`,
          removed: `${key}.removed`,
          onAdded: parent
            ? { widens: true, reason: 'it may be placed in a component it could not be placed in before' }
            : { widens: false, reason: 'editor lineage of what it contains; the extension itself reaches nothing new' },
          onRemoved: {
            reason: parent ? 'it may no longer be placed there' : 'it may no longer contain that component',
          },
        },
        x,
        y,
      );
    }
  }
}

const bytes = (n: number) => (n < 10 * 1024 ? `${n.toLocaleString('en')} B` : `${(n / 1024).toFixed(1)} KiB`);

/** The bundle's bytes, reported when both sides are artifacts and either figure differs. */
function diffBundle(changes: Changes, a: DiffSide['bundle'], b: DiffSide['bundle']): void {
  if (!a || !b || (a.raw === b.raw && a.gzip === b.gzip)) return;
  const delta = b.raw - a.raw;
  const gzip = a.gzip !== undefined && b.gzip !== undefined ? `, ${bytes(a.gzip)} → ${bytes(b.gzip)} gzipped` : '';
  changes.add(
    'bundle.size.changed',
    side('/entry', a),
    side('/entry', b),
    false,
    `bundle ${bytes(a.raw)} → ${bytes(b.raw)} (${delta >= 0 ? '+' : '-'}${bytes(Math.abs(delta))})${gzip}`,
    'what every placement downloads; it reaches nothing new',
  );
}
