// The rules of `capabilities`: what the sandbox lets the extension reach (network origins), the
// props and events that cross the bridge, and the frame's size.
import { kit, platform, type Rule } from './rule.js';

export const CAPABILITY_RULES = {
  'capabilities.wrong_type': platform('error', '`capabilities` is an object.'),
  'capabilities.network.wrong_type': platform('error', '`capabilities.network` is an array of origin strings.'),
  'capabilities.network.not_origin': platform(
    'error',
    'Each network entry is an origin, `scheme://host[:port]` and nothing more: no path, query, fragment, credentials or wildcard.',
    'suggests',
  ),
  'capabilities.network.unsupported_scheme': kit(
    'error',
    'A network origin uses https, wss, http or ws (what a connect-src allowlist can carry).',
  ),
  'capabilities.network.insecure': kit(
    'warning',
    'An http or ws origin that is not loopback will be blocked as mixed content on the https platform.',
    'suggests',
  ),
  'capabilities.network.not_canonical': kit(
    'warning',
    'A network origin is written as browsers serialize it (lower-case host, no default port); the normalized manifest carries the canonical form.',
    'fixes',
  ),
  'capabilities.network.duplicate': kit('warning', 'A network origin is listed once; repeats are dropped.', 'fixes'),
  'capabilities.network.private_address': kit(
    'warning',
    "A network origin on loopback (`localhost`, 127.0.0.0/8, `[::1]`) or a private or link-local address: in an installer's browser it reaches the viewer's own machine or network, never the extension's server. The marketplace refuses it at publish (`publish.loopback_origin`).",
  ),
  'capabilities.props.wrong_type': platform('error', '`capabilities.props` is an array of prop names.'),
  'capabilities.props.empty': kit('error', 'A prop name is not empty.'),
  'capabilities.props.duplicate': kit('warning', 'A prop is declared once; repeats are dropped.', 'fixes'),
  'capabilities.events.wrong_type': platform('error', '`capabilities.events` is an array of event names.'),
  'capabilities.events.empty': kit('error', 'An event name is not empty.'),
  'capabilities.events.duplicate': kit('warning', 'An event is declared once; repeats are dropped.', 'fixes'),
  'capabilities.size.wrong_type': platform('error', '`capabilities.size` is an object `{height}`.'),
  'capabilities.size.height.missing': platform('error', '`capabilities.size` has a `height`.'),
  'capabilities.size.height.wrong_type': platform(
    'error',
    '`capabilities.size.height` is an integer number of CSS pixels.',
  ),
  'capabilities.size.height.out_of_range': kit('error', '`capabilities.size.height` is 1 or more.'),
} as const satisfies Record<string, Rule>;
