// The props editor: one field per declared prop, undeclared props the developer
// adds (shown as dropped), and each component's function binding.
import type { PreviewState } from '../../types.js';
import { fill, h, show, time } from '../dom.js';
import { store } from '../store.js';

export interface PropsActions {
  propsChanged(): void;
}

export function renderProps(el: HTMLElement, state: PreviewState, actions: PropsActions): void {
  const bound = new Set(state.surfaces.map((s) => s.bindingProp).filter(Boolean));
  const declared = state.declared.props.filter((n) => !bound.has(n));
  const undeclared = Object.keys(store.props).filter((n) => !state.declared.props.includes(n));
  const row = (name: string, isDeclared: boolean) =>
    h(
      'label',
      { class: `field ${isDeclared ? '' : 'dropped'}` },
      h('span', { class: 'name' }, name, isDeclared ? null : h('em', {}, ' not declared: dropped by the bridge')),
      h('input', {
        type: 'text',
        'data-prop': name,
        value: store.props[name] ?? '',
        placeholder: 'text, or JSON (42, true, {"a":1})',
        oninput: (e: Event) => {
          store.props[name] = (e.target as HTMLInputElement).value;
          actions.propsChanged();
        },
      }),
    );
  const newName = h('input', { type: 'text', placeholder: 'prop name', 'aria-label': 'undeclared prop name' });
  const bindings = state.surfaces.filter((s) => s.bindingProp);
  fill(
    el,
    h('h3', {}, 'Props', h('small', {}, ' capabilities.props')),
    state.declared.props.length
      ? null
      : h('p', { class: 'muted' }, 'The manifest declares no props, so the bridge forwards none.'),
    ...declared.map((n) => row(n, true)),
    ...undeclared.map((n) => row(n, false)),
    h(
      'form',
      {
        class: 'inline',
        onsubmit: (e: Event) => {
          e.preventDefault();
          const name = newName.value.trim();
          if (!name) return;
          store.props[name] ??= '';
          renderProps(el, state, actions);
        },
      },
      newName,
      h('button', { type: 'submit' }, 'Try a prop'),
    ),
    bindings.length ? h('h3', {}, 'Function bindings', h('small', {}, ' contributes.site.functionBindings')) : null,
    ...bindings.map((s) => {
      const b = (store.bindings[s.id] ??= { name: '', result: 'null', fail: false });
      const listId = `fn-${s.key.replace(/\W/g, '_')}`;
      return h(
        'fieldset',
        { class: 'binding' },
        h('legend', {}, s.id, ' · prop ', h('code', {}, s.bindingProp ?? '')),
        h(
          'label',
          { class: 'field' },
          h('span', { class: 'name' }, 'function name'),
          h('input', {
            type: 'text',
            list: listId,
            'data-binding': s.id,
            value: b.name,
            placeholder: 'e.g. addToCart',
            oninput: (e: Event) => {
              b.name = (e.target as HTMLInputElement).value;
              actions.propsChanged();
            },
          }),
          h(
            'datalist',
            { id: listId },
            ...[...new Set(store.calls.map((c) => c.name).filter(Boolean))].map((n) => h('option', { value: n })),
          ),
        ),
        h(
          'label',
          { class: 'field' },
          h('span', { class: 'name' }, 'answer with (JSON)'),
          h(
            'textarea',
            {
              rows: 2,
              'data-binding-result': s.id,
              oninput: (e: Event) => (b.result = (e.target as HTMLTextAreaElement).value),
            },
            b.result,
          ),
        ),
        h(
          'label',
          { class: 'check' },
          h('input', {
            type: 'checkbox',
            checked: b.fail,
            onchange: (e: Event) => (b.fail = (e.target as HTMLInputElement).checked),
          }),
          ' answer with an error',
        ),
      );
    }),
  );
}

/** The calls the extension made through its function bindings. */
export function renderCalls(el: HTMLElement): void {
  fill(
    el,
    ...store.calls
      .slice(-50)
      .reverse()
      .map((c) =>
        h(
          'li',
          {},
          h('time', {}, time(c.at)),
          h('code', {}, `${c.name || '(no name)'}(${c.args.map((a) => show(a)).join(', ')})`),
          ' → ',
          h('code', {}, c.answer),
        ),
      ),
  );
}
