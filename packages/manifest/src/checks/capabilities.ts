// capabilities: network, props, events, size.
import { isObject, type Reporter } from '../diagnostics.js';
import type { Manifest } from '../schema.js';
import { asArray, compact, uniqueStrings } from './lists.js';
import { checkNetwork } from './network.js';

export function checkCapabilities(capabilities: Record<string, unknown>, sound: boolean, reporter: Reporter): NonNullable<Manifest['capabilities']> {
  const network = asArray(capabilities.network);
  const props = asArray(capabilities.props);
  const events = asArray(capabilities.events);
  const size = capabilities.size;
  const height = isObject(size) ? size.height : undefined;
  const validSize = Number.isInteger(height) && (height as number) >= 1;
  const out = {
    network: network && checkNetwork(network, reporter),
    props: props && uniqueStrings(props, '/capabilities/props', 'capabilities.props.duplicate', reporter),
    events: events && uniqueStrings(events, '/capabilities/events', 'capabilities.events.duplicate', reporter),
    size: validSize ? (sound ? (size as { height: number }) : { height: height as number }) : undefined,
  };
  // Copy-on-write: a sound object whose members all stay the same is its own normalized form.
  if (sound && out.network === network && out.props === props && out.events === events && out.size === size) return capabilities;
  return compact(out);
}
