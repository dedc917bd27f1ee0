// capabilities: network, props, events, size.
import { isObject, type Reporter } from '../diagnostics.js';
import type { Manifest } from '../schema.js';
import { asArray, compact, uniqueStrings } from './lists.js';
import { checkNetwork } from './network.js';

export function checkCapabilities(
  capabilities: Record<string, unknown>,
  sound: boolean,
  reporter: Reporter,
): NonNullable<Manifest['capabilities']> {
  const network = asArray(capabilities.network);
  const props = asArray(capabilities.props);
  const events = asArray(capabilities.events);
  const size = capabilities.size;
  const height = isObject(size) ? size.height : undefined;
  const validSize = Number.isInteger(height) && (height as number) >= 1;
  const keptNetwork = network && checkNetwork(network, reporter);
  const keptProps = props && uniqueStrings(props, '/capabilities/props', 'capabilities.props.duplicate', reporter);
  const keptEvents = events && uniqueStrings(events, '/capabilities/events', 'capabilities.events.duplicate', reporter);
  const keptSize = validSize ? (sound ? (size as { height: number }) : { height: height as number }) : undefined;
  // Copy-on-write: a sound object whose members all stay the same is its own normalized form.
  if (sound && keptSize === size && keptNetwork === network && keptProps === props && keptEvents === events)
    return capabilities;
  return compact({ network: keptNetwork, props: keptProps, events: keptEvents, size: keptSize });
}
