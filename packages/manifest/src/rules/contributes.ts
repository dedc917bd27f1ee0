// The rules of `contributes` (where the extension loads: site components, features and function
// bindings, console slots, routes, org routes and the shell) and of restrictParent/restrictChildren.
import { kit, platform, type Rule } from './rule.js';

export const CONTRIBUTES_RULES = {
  'contributes.missing': kit(
    'warning',
    'Without `contributes` the platform treats the version as legacy (loads where placed, and in the console with the shell); a bundle that registers anything is refused at publish.',
  ),
  'contributes.wrong_type': platform('error', '`contributes` is an object.'),
  'contributes.declares_nothing': platform(
    'warning',
    '`contributes` declares no placement, so the extension loads nowhere.',
  ),
  'contributes.site.wrong_type': platform('error', '`contributes.site` is an object.'),
  'contributes.site.components.wrong_type': platform(
    'error',
    '`contributes.site.components` is an array of component id strings.',
  ),
  'contributes.site.components.not_component_id': platform(
    'error',
    'A component id has the form `<publisher handle>.<manifest id>.<role>`, each part kebab-case.',
  ),
  'contributes.site.components.wrong_publisher': platform(
    'error',
    "A component id's first part is the publisher's handle; one outside that namespace is refused.",
    'suggests',
  ),
  'contributes.site.components.wrong_extension': platform(
    'error',
    "A component id's second part is the manifest's `id`.",
    'suggests',
  ),
  'contributes.site.components.duplicate': kit(
    'warning',
    'A component is declared once; repeats are dropped.',
    'fixes',
  ),
  'contributes.site.features.wrong_type': platform(
    'error',
    '`contributes.site.features` is an array of feature id strings.',
  ),
  'contributes.site.features.empty': kit('error', 'A feature id is not empty.'),
  'contributes.site.features.duplicate': kit('warning', 'A feature is declared once; repeats are dropped.', 'fixes'),
  'contributes.site.functionBindings.wrong_type': platform(
    'error',
    '`contributes.site.functionBindings` is an object of component id to prop name.',
  ),
  'contributes.site.functionBindings.unknown_component': platform(
    'error',
    'Each function binding key is also in `contributes.site.components`.',
  ),
  'contributes.site.functionBindings.not_prop_name': platform(
    'error',
    'Each function binding value is a plain prop name (an identifier: no dots, brackets or spaces).',
  ),
  'contributes.site.functionBindings.prop_not_declared': kit(
    'warning',
    'A bound prop is declared in `capabilities.props`; undeclared props are dropped, so the function name would never reach the component.',
  ),
  'contributes.console.wrong_type': platform('error', '`contributes.console` is an object.'),
  'contributes.console.slots.wrong_type': platform(
    'error',
    '`contributes.console.slots` is an array of slot id strings.',
  ),
  'contributes.console.slots.empty': kit('error', 'A slot id is not empty.'),
  'contributes.console.slots.duplicate': kit('warning', 'A slot is declared once; repeats are dropped.', 'fixes'),
  'contributes.console.routes.wrong_type': platform(
    'error',
    '`contributes.console.routes` is an array of route path strings.',
  ),
  'contributes.console.routes.empty': kit('error', 'A route is not empty.'),
  'contributes.console.routes.not_path': kit(
    'error',
    'A route is a path starting with `/`, without `..`, query, fragment, backslash or whitespace.',
  ),
  'contributes.console.routes.duplicate': kit('warning', 'A route is declared once; repeats are dropped.', 'fixes'),
  'contributes.console.orgRoutes.wrong_type': platform(
    'error',
    '`contributes.console.orgRoutes` is an array of route path strings.',
  ),
  'contributes.console.orgRoutes.empty': kit('error', 'An org route is not empty.'),
  'contributes.console.orgRoutes.not_path': kit(
    'error',
    'An org route is a path starting with `/`, without `..`, query, fragment, backslash or whitespace.',
  ),
  'contributes.console.orgRoutes.duplicate': kit(
    'warning',
    'An org route is declared once; repeats are dropped.',
    'fixes',
  ),
  'contributes.console.shell.wrong_type': platform('error', '`contributes.console.shell` is a boolean.'),

  'restrictParent.wrong_type': platform('error', '`restrictParent` is an array of component id strings.'),
  'restrictParent.empty': kit('error', 'A `restrictParent` entry is not empty.'),
  'restrictChildren.wrong_type': platform('error', '`restrictChildren` is an array of component id strings.'),
  'restrictChildren.empty': kit('error', 'A `restrictChildren` entry is not empty.'),
} as const satisfies Record<string, Rule>;
