// "Issue a development key": with the emulator on, creates an emulator key with the scopes chosen
// (through the preview server and the emulator's admin surface) and fills the string field chosen.
// Console surfaces may hold an organization key in a string config field; site surfaces must not
// (they run in public pages): docs/api.md.
import { operations } from '@extkit/api';
import type { PreviewState } from '../../types.js';
import { h } from '../dom.js';

/** Every scope the API's operations need, sorted. */
export const SCOPES: readonly string[] = [
  ...new Set(operations.map((o) => o.scope).filter((s): s is NonNullable<typeof s> => s !== null)),
].sort();

const SITE_KINDS = new Set(['component', 'feature']);
/** What the last issue said: the panel is drawn anew once the field is filled, and says it again. */
let said = '';

/** The form, or null when there is no emulator or no string field to fill. */
export function devKeyForm(state: PreviewState, fill: (key: string, value: string) => void): HTMLElement | null {
  const fields = state.settings.fields.filter((f) => f.type === 'string');
  if (!state.routing || fields.length === 0) return null;
  const site = state.surfaces.some((s) => SITE_KINDS.has(s.kind));
  const note = h('p', { class: 'hint', 'data-dev-key-note': '' }, said);
  const target = h(
    'select',
    { 'data-dev-key-field': '' },
    ...fields.map((f) => h('option', { value: f.key }, f.label || f.key)),
  );
  const boxes = SCOPES.map((scope) => h('input', { type: 'checkbox', value: scope, 'data-scope': scope }));
  const issue = async (): Promise<void> => {
    const scopes = boxes.filter((b) => b.checked).map((b) => b.value);
    if (scopes.length === 0) return void (note.textContent = 'Choose at least one scope.');
    note.textContent = 'Issuing…';
    try {
      const r = await fetch('/__extkit/emulator/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scopes }),
      });
      const body = (await r.json()) as { key?: string; error?: { message?: string } };
      if (!r.ok || typeof body.key !== 'string')
        throw new Error(body.error?.message ?? `the emulator answered ${r.status}`);
      said = note.textContent = `A key with ${scopes.join(', ')} is in ${target.value}.`;
      fill(target.value, body.key);
    } catch (err) {
      said = note.textContent = `No key: ${(err as Error).message}`;
    }
  };
  return h(
    'fieldset',
    { class: 'binding dev-key' },
    h('legend', {}, 'Development key'),
    site
      ? h(
          'p',
          { class: 'hint' },
          'This extension has site surfaces: they run in public pages and must not hold an organization key. Call your own backend from them instead (docs/api.md).',
        )
      : null,
    h('div', { class: 'scopes' }, ...boxes.map((b) => h('label', { class: 'scope' }, b, ` ${b.value}`))),
    h(
      'form',
      { class: 'inline', onsubmit: (e: Event) => (e.preventDefault(), void issue()) },
      target,
      h('button', { type: 'submit', 'data-issue-key': '' }, 'Issue a development key'),
    ),
    note,
  );
}
