// The rules of what the validator reads besides manifest.json: the publisher handle it is given and
// package.json's `extkit` settings (api, ignore).
import { kit, type Rule } from './rule.js';

export const PROJECT_RULES = {
  'publisher.unknown': kit(
    'warning',
    'Without a publisher handle (`--publisher`, or `extkit.publisher` in package.json) the publisher part of component ids cannot be checked.',
  ),
  'publisher.invalid': kit('error', 'The publisher handle given to the validator is kebab-case.'),
  'api.invalid': kit(
    'error',
    '`extkit.api` in package.json, the platform API base URL development routes to the emulator, is an absolute http(s) URL with no credentials, query, fragment, dot segment or encoded slash (docs/api.md).',
  ),
  'api.origin_undeclared': kit(
    'warning',
    "`extkit.api`'s origin is not in `capabilities.network`, so the sandbox refuses every call the extension makes to the API, in the preview and on the platform (docs/api.md).",
  ),
  'ignore.invalid': kit(
    'warning',
    '`extkit.ignore` in package.json is a list of warning codes from this table; anything else in it silences nothing.',
  ),
  'ignore.not_a_warning': kit(
    'warning',
    '`extkit.ignore` names an error code: errors cannot be silenced, since the platform refuses them at publish.',
  ),
} as const satisfies Record<string, Rule>;
