// Function bindings on the host side: what a bound component's prop carries,
// and the answer each call gets, as the developer set them in the props panel.
import type { PlannedSurface } from '../types.js';
import { propValues, pushLimited, store } from './store.js';

/** The props a surface receives: the developer's, plus its function name when it is a bound component. */
export function surfaceProps(surface: PlannedSurface): Record<string, unknown> {
  const props = propValues();
  if (surface.bindingProp) props[surface.bindingProp] = store.bindings[surface.id]?.name ?? '';
  return props;
}

/** Logs a function-binding call and answers it with the developer-set result (or error). */
export function answerCall(surface: PlannedSurface, name: string, args: unknown[], changed: () => void): unknown {
  const binding = store.bindings[surface.id] ?? { name, result: 'null', fail: false };
  let answer: unknown;
  let shown: string;
  if (binding.fail) shown = `error: ${binding.result}`;
  else {
    try {
      answer = JSON.parse(binding.result || 'null');
      shown = JSON.stringify(answer);
    } catch {
      answer = binding.result;
      shown = JSON.stringify(answer);
    }
  }
  pushLimited(store.calls, { at: new Date(), surface: surface.id, name, args, answer: shown });
  changed();
  if (binding.fail) throw new Error(binding.result || `${name} failed`);
  return answer;
}
