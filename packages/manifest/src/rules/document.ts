// The rules of the file itself and of the manifest's top-level fields: JSON, id, name, version, entry,
// hostAbi, description, $schema.
import { LISTED_PROPERTIES_POLICY, LISTED_UNKNOWN_KEYS, thousands } from './listed.js';
import { kit, platform, type Rule } from './rule.js';

export const DOCUMENT_RULES = {
  'json.empty': platform('error', 'The file is empty; a manifest is a JSON object.'),
  'json.invalid_utf8': kit(
    'error',
    'The file is UTF-8: invalid UTF-8 bytes are refused, and so is UTF-16 (with or without a byte order mark), which is named as such.',
  ),
  'json.syntax': platform('error', 'The file is not JSON (reported with line, column and a code frame).'),
  'json.duplicate_key': kit(
    'warning',
    `A key appears twice in one object: JSON parsers keep the last value (reported with line and column). Kit policy: a manifest's first ${thousands(LISTED_UNKNOWN_KEYS)} repeated keys are reported one each; past them, one more finding at the next counts the rest.`,
    'suggests',
  ),
  'manifest.not_object': platform('error', 'The manifest is a JSON object (not null, an array or a scalar).'),
  'manifest.unknown_property': kit(
    'warning',
    `A property the manifest does not define (a typo, or a newer field). It is ignored and left out of the normalized manifest. ${LISTED_PROPERTIES_POLICY}`,
    'suggests',
  ),

  'id.missing': platform('error', '`id` is required.'),
  'id.wrong_type': platform('error', '`id` is a string.'),
  'id.not_kebab_case': platform(
    'error',
    '`id` is stable kebab-case: lower-case letters and digits in words joined by single hyphens.',
    'suggests',
  ),
  'name.missing': platform('error', '`name` is required.'),
  'name.wrong_type': platform('error', '`name` is a string.'),
  'name.empty': kit('error', '`name` is not empty.'),
  'name.too_long': platform('error', '`name` is at most 80 Unicode code points.'),
  'version.missing': platform('error', '`version` is required.'),
  'version.wrong_type': platform('error', '`version` is a string.'),
  'version.not_semver': platform(
    'error',
    "`version` is a strict Semantic Versioning 2.0.0 version (no `v` prefix, no leading zeros); kit policy: at most 128 characters, MAJOR, MINOR and PATCH at most 15 digits each (npm's semver orders no larger number, and a version names a folder of the store).",
    'suggests',
  ),
  'entry.missing': platform('error', '`entry` is required.'),
  'entry.wrong_type': platform('error', '`entry` is a string.'),
  'entry.empty': platform('error', '`entry` names a file.'),
  'entry.absolute_url': platform(
    'error',
    '`entry` is a relative bundle path, never a URL (`https:`, `data:`, `//host`).',
  ),
  'entry.absolute_path': platform('error', '`entry` is relative to the artifact root, not an absolute path.'),
  'entry.escapes_root': platform(
    'error',
    "`entry` stays inside the artifact: no `..` segment (kit policy: not even one that would come back inside, so that the editor's JSON Schema can say the same).",
  ),
  'entry.not_a_file': kit(
    'error',
    '`entry` is a plain file path: no backslashes, query, fragment, control characters or trailing slash.',
  ),
  'entry.percent_encoded': kit(
    'error',
    '`entry` is written plainly, without `%`: the host decodes the URL it serves the bundle at, so `..%2F`, `%2e%2e` and `%00` would name another file. All percent-encoding is refused alike.',
  ),
  'entry.unsafe_path': kit(
    'error',
    '`entry` (without a leading `./`), and its source map `<entry>.map`, follow the artifact path rule: plain ASCII letters, digits and `_ @ + . -`, `/` between segments, no segment starting with `.` or `-` or ending in `.`, no `~`, no Windows device name, at most 255 characters a segment and 1,024 in all ([artifacts.md](artifacts.md#paths-kit-policy)). The build writes the bundle there and would refuse it.',
  ),
  'entry.not_javascript': kit('warning', '`entry` names a `.js` or `.mjs` file, which is what `extkit build` writes.'),
  'hostAbi.missing': platform('error', '`hostAbi` is required.'),
  'hostAbi.wrong_type': platform('error', '`hostAbi` is an integer.'),
  'hostAbi.out_of_range': kit('error', '`hostAbi` is a generation number: 1 or more.'),
  'description.wrong_type': platform('error', '`description` is a string.'),
  'description.too_long': platform('error', '`description` is at most 500 Unicode code points.'),
  '$schema.wrong_type': kit('error', '`$schema` (an editor hint) is a string.'),
} as const satisfies Record<string, Rule>;
