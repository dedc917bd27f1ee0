// capabilities: network, props, events, size.
import { isObject, own, type Reporter } from '../diagnostics.js';
import type { Manifest } from '../schema.js';
import { arrayAt, uniqueStrings } from './lists.js';
import { checkNetwork } from './network.js';

export function checkCapabilities(capabilities: Record<string, unknown>, reporter: Reporter): NonNullable<Manifest['capabilities']> {
  const out: NonNullable<Manifest['capabilities']> = {};
  const network = arrayAt(capabilities, 'network');
  if (network) out.network = checkNetwork(network, reporter);
  const props = arrayAt(capabilities, 'props');
  if (props) out.props = uniqueStrings(props, '/capabilities/props', 'capabilities.props.duplicate', reporter);
  const events = arrayAt(capabilities, 'events');
  if (events) out.events = uniqueStrings(events, '/capabilities/events', 'capabilities.events.duplicate', reporter);
  const size = own(capabilities, 'size');
  if (isObject(size)) {
    const height = own(size, 'height');
    if (Number.isInteger(height) && (height as number) >= 1) out.size = { height: height as number };
  }
  return out;
}
