// config: the settings installers can change, keyed by `key`, and their defaults. Settings are
// the installer's input to the extension, never reach; one change widens all the same: a new
// setting asks installers for something they were not asked for (an address, a key), which a
// reviewer looks at (kit policy, docs/diff.md). Every other config change does not widen.
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

const KNOWN = new Set(['fields', 'defaults']);
const FIELD_KNOWN = new Set(['key', 'label', 'type', 'min', 'max', 'options']);
const NOT_REACH = 'a setting is what installers give the extension; it reaches nothing new';
const ASKS =
  'installers are asked for something they were not asked for before (an address, a key): a reviewer looks at what it asks';

export function diffConfig(changes: Changes, older: unknown, newer: unknown): void {
  const a = objectAt(older);
  const b = objectAt(newer);
  diffFields(changes, fieldsByKey(member(a, 'fields')), fieldsByKey(member(b, 'fields')));
  diffDefaults(changes, objectAt(member(a, 'defaults')), objectAt(member(b, 'defaults')));
  diffUnknown(changes, '/config', a, b, KNOWN, false);
}

type Field = { index: number; field: Json };

/** Fields by key, the first of each key (the validator refuses repeats; a raw manifest may have them). */
function fieldsByKey(fields: unknown): Map<string, Field> {
  const out = new Map<string, Field>();
  if (!Array.isArray(fields)) return out;
  fields.forEach((field, index) => {
    const f = objectAt(field);
    const key = member(f, 'key');
    if (f && typeof key === 'string' && !out.has(key)) out.set(key, { index, field: f });
  });
  return out;
}

function diffFields(changes: Changes, a: Map<string, Field>, b: Map<string, Field>): void {
  const at = (index: number, ...rest: string[]) => join('/config/fields', index, ...rest);
  for (const [key, y] of b) {
    const x = a.get(key);
    if (!x) {
      changes.add(
        'config.fields.added',
        null,
        side(at(y.index), y.field),
        true,
        `adds the setting ${shown(key)} (${shown(member(y.field, 'type'))})`,
        ASKS,
      );
      continue;
    }
    const property = (name: string, code: ChangeCode, reason: string) => {
      const vx = member(x.field, name);
      const vy = member(y.field, name);
      if (sameJson(vx, vy)) return;
      const what =
        vx === undefined
          ? `adds ${name} ${shown(vy)}`
          : vy === undefined
            ? `drops ${name} ${shown(vx)}`
            : `${name} ${shown(vx)} → ${shown(vy)}`;
      changes.add(
        code,
        side(at(x.index, name), vx),
        side(at(y.index, name), vy),
        false,
        `setting ${shown(key)}: ${what}`,
        reason,
      );
    };
    property(
      'type',
      'config.fields.type_changed',
      'values installers saved as the older type may no longer fit; ' + NOT_REACH,
    );
    property('label', 'config.fields.label_changed', NOT_REACH);
    property('min', 'config.fields.range_changed', 'values installers saved outside the new range may no longer fit');
    property('max', 'config.fields.range_changed', 'values installers saved outside the new range may no longer fit');
    property('options', 'config.fields.options_changed', 'a value installers saved may no longer be an option');
    diffUnknown(changes, at(y.index), x.field, y.field, FIELD_KNOWN, false);
  }
  for (const [key, x] of a) {
    if (!b.has(key))
      changes.add(
        'config.fields.removed',
        side(at(x.index), x.field),
        null,
        false,
        `removes the setting ${shown(key)}`,
        'values installers saved for it are no longer read',
      );
  }
}

function diffDefaults(changes: Changes, a: Json | undefined, b: Json | undefined): void {
  eachMember('/config/defaults', a, b, (key, x, y, path) => {
    if (x === undefined)
      changes.add(
        'config.defaults.added',
        null,
        side(path, y),
        false,
        `defaults ${shown(key)} to ${shown(y)}`,
        NOT_REACH,
      );
    else if (y === undefined)
      changes.add(
        'config.defaults.removed',
        side(path, x),
        null,
        false,
        `no longer defaults ${shown(key)} (was ${shown(x)})`,
        NOT_REACH,
      );
    else if (!sameJson(x, y))
      changes.add(
        'config.defaults.changed',
        side(path, x),
        side(path, y),
        false,
        `defaults ${shown(key)} to ${shown(y)} instead of ${shown(x)}`,
        'installers who never set it get the new value; ' + NOT_REACH,
      );
  });
}
