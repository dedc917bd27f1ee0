// The settings panel, generated from config.fields, starting at the values kept in the project's
// local settings file (.extkit/settings.local.json, never in an artifact), else config.defaults.
// Every change is saved there; with the emulator, a development key can be issued into a field.
import { configValueProblem } from '@extkit/runtime/bridge';
import type { PreviewState, SettingsField } from '../../types.js';
import { fill, h } from '../dom.js';
import { dict, store } from '../store.js';
import { devKeyForm } from './dev-key.js';

export interface SettingsActions {
  configChanged(): void;
}

/** Sets store.config from the defaults for keys the developer has not set yet (or whose field changed type). */
export function seedConfig(state: PreviewState): void {
  const next = dict<unknown>();
  for (const f of state.settings.fields) {
    const kept = store.config[f.key];
    const local = state.settings.local[f.key];
    next[f.key] =
      kept !== undefined && configValueProblem(f, kept) === undefined
        ? kept
        : local !== undefined && configValueProblem(f, local) === undefined
          ? local
          : state.settings.defaults[f.key];
  }
  store.config = next;
}

export function renderSettings(el: HTMLElement, state: PreviewState, actions: SettingsActions): void {
  const fields = state.settings.fields;
  const set = (key: string, value: unknown) => {
    store.config[key] = value;
    actions.configChanged();
    saveSettings();
  };
  fill(
    el,
    h('h3', {}, 'Settings', h('small', {}, ' config.fields')),
    fields.length ? null : h('p', { class: 'muted' }, 'The manifest declares no config fields.'),
    ...fields.map((f) =>
      h(
        'label',
        { class: `field ${f.type === 'boolean' ? 'check' : ''}` },
        h('span', { class: 'name' }, f.label || f.key, h('small', {}, ` ${f.key}`)),
        control(f, set),
      ),
    ),
    fields.length
      ? h(
          'button',
          {
            class: 'ghost',
            onclick: () => {
              store.config = dict();
              seedConfig(state);
              renderSettings(el, state, actions);
              actions.configChanged();
              saveSettings();
            },
          },
          'Reset to defaults',
        )
      : null,
    fields.length
      ? h(
          'p',
          { class: 'muted saved', 'data-saved': '' },
          'Kept in .extkit/settings.local.json (git-ignored, never in an artifact).',
        )
      : null,
    devKeyForm(state, (key, value) => {
      set(key, value);
      renderSettings(el, state, actions);
    }),
  );
}

let saving = false;
let dirty = false;

/**
 * Saves the values to the project's local settings file at once, one request at a time (the latest values win):
 * a delay would lose a change made just before the page reloads. keepalive lets a request outlive the page.
 */
function saveSettings(): void {
  dirty = true;
  if (saving) return;
  saving = true;
  dirty = false;
  const values = dict<unknown>();
  for (const [key, value] of Object.entries(store.config))
    if (['string', 'number', 'boolean'].includes(typeof value)) values[key] = value;
  void fetch('/__extkit/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ values }),
    keepalive: true,
  })
    .catch(() => undefined) // the preview's connection state says when the server is gone
    .then(() => {
      saving = false;
      if (dirty) saveSettings();
    });
}

function control(f: SettingsField, set: (key: string, value: unknown) => void): HTMLElement {
  const value = store.config[f.key];
  switch (f.type) {
    case 'boolean':
      return h('input', {
        type: 'checkbox',
        'data-config': f.key,
        checked: value === true,
        onchange: (e: Event) => set(f.key, (e.target as HTMLInputElement).checked),
      });
    case 'number': {
      const hint = h('span', { class: 'hint' });
      const input = h('input', {
        type: 'number',
        'data-config': f.key,
        min: f.min,
        max: f.max,
        value: typeof value === 'number' ? value : '',
        oninput: (e: Event) => {
          const n = (e.target as HTMLInputElement).valueAsNumber;
          const outside = (f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max);
          hint.textContent = Number.isNaN(n)
            ? 'not a number'
            : outside
              ? `outside ${f.min ?? '-∞'}…${f.max ?? '∞'}: not sent`
              : '';
          if (!Number.isNaN(n) && !outside) set(f.key, n);
        },
      });
      return h('span', { class: 'number' }, input, hint);
    }
    case 'select': {
      const options = f.options ?? [];
      return h(
        'select',
        {
          'data-config': f.key,
          onchange: (e: Event) => set(f.key, options[(e.target as HTMLSelectElement).selectedIndex]?.value),
        },
        ...options.map((o) => h('option', { selected: o.value === value }, o.label)),
      );
    }
    default:
      return h('input', {
        type: 'text',
        'data-config': f.key,
        value: typeof value === 'string' ? value : '',
        oninput: (e: Event) => set(f.key, (e.target as HTMLInputElement).value),
      });
  }
}
