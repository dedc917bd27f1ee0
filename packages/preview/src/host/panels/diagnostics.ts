// The diagnostics panel: validation errors and warnings, build errors with a
// code frame, and errors the frames reported at run time.
import type { PreviewDiagnostic, PreviewState } from '../../types.js';
import { fill, h } from '../dom.js';
import { store } from '../store.js';

export function diagnosticItem(d: PreviewDiagnostic): HTMLElement {
  const where = d.location
    ? `${d.location.file}:${d.location.line}:${d.location.column + 1}`
    : d.path !== undefined
      ? `manifest.json ${d.path || '(whole file)'}`
      : '';
  return h(
    'li',
    { class: d.severity, 'data-code': d.code },
    h('span', { class: `badge ${d.severity === 'error' ? 'err' : 'warn'}` }, d.severity),
    h('code', { class: 'where' }, where),
    h('code', { class: 'code' }, d.code),
    h('div', { class: 'message' }, d.message),
    d.frame ? h('pre', { class: 'frame' }, d.frame) : null,
  );
}

export function renderDiagnostics(el: HTMLElement, state: PreviewState): void {
  const runtime = store.runtimeErrors;
  fill(
    el,
    h('h3', {}, 'Diagnostics'),
    state.diagnostics.length || runtime.length
      ? null
      : h('p', { class: 'muted' }, 'The manifest is valid and the build is clean.'),
    h(
      'ol',
      { class: 'diagnostics' },
      ...state.diagnostics.map(diagnosticItem),
      ...runtime.map((r) =>
        h(
          'li',
          { class: 'error', 'data-code': r.code ?? 'preview.runtime_error' },
          h('span', { class: 'badge err' }, 'runtime'),
          h('code', { class: 'where' }, r.surface),
          r.code ? h('code', { class: 'code' }, r.code) : null,
          h('div', { class: 'message' }, r.message),
          r.stack ? h('pre', { class: 'frame' }, r.stack) : null,
        ),
      ),
    ),
  );
}
