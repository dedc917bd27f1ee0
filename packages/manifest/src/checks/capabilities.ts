// capabilities: network, props, events, size.
import { isObject, type Reporter } from '../diagnostics.js';
import type { Manifest } from '../schema.js';
import { arrayAt, sameOrCopy, uniqueStrings } from './lists.js';
import { checkNetwork } from './network.js';

export function checkCapabilities(capabilities: Record<string, unknown>, sound: boolean, reporter: Reporter): NonNullable<Manifest['capabilities']> {
  const network = arrayAt(capabilities, 'network');
  const props = arrayAt(capabilities, 'props');
  const events = arrayAt(capabilities, 'events');
  const size = capabilities.size;
  const height = isObject(size) ? size.height : undefined;
  const validSize = Number.isInteger(height) && (height as number) >= 1;
  return sameOrCopy(sound, capabilities, {
    network: network && checkNetwork(network, reporter),
    props: props && uniqueStrings(props, '/capabilities/props', 'capabilities.props.duplicate', reporter),
    events: events && uniqueStrings(events, '/capabilities/events', 'capabilities.events.duplicate', reporter),
    size: validSize ? (sound ? (size as { height: number }) : { height: height as number }) : undefined,
  });
}
