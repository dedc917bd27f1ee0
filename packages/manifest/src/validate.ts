import { checkApi } from './checks/api.js';
import { checkCapabilities } from './checks/capabilities.js';
import { checkConfig, checkSiteCredentials, ignoredFieldPaths } from './checks/config.js';
import { scanComponents } from './checks/components.js';
import { checkContributes } from './checks/contributes.js';
import { checkEntry } from './checks/entry.js';
import { describe, findingCount, isObject, Reporter, type Diagnostic } from './diagnostics.js';
import { isDiagnosticCode, RULES } from './rules.js';
import { isKebabCase, KEBAB_CASE, SEMVER } from './patterns.js';
import type { Manifest } from './schema.js';
import { checkStructure } from './structural.js';

export interface ValidateOptions {
  /**
   * The publisher's handle, the first part of every component id. Without it that part is not checked; a value that
   * is no kebab-case string (read from a package.json, say) is reported as `publisher.invalid` and not used.
   */
  publisher?: unknown;
  /**
   * A list of warning codes not to report: the project's `"extkit": { "ignore": [...] }`, taken as
   * package.json gives it (hence `unknown`). Errors cannot be silenced; an entry that is an error
   * code, or no code at all, gets a warning of its own.
   */
  ignore?: unknown;
  /**
   * The project's API base URL, `"extkit": { "api" }` in package.json, as written: one that is no http(s) URL is
   * `api.invalid`; one whose origin capabilities.network does not declare is `api.origin_undeclared`.
   */
  api?: unknown;
}

interface ReportBase {
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** How many warnings `ignore` silenced; present when it silenced any. */
  silenced?: number;
}
/**
 * The validator's answer. `manifest` is the normalized manifest: unknown keys,
 * dropped config fields and fields past the 50th removed, defaults coerced.
 * When the input is invalid it is a best effort (`null` when the input is not an object).
 * Parts that normalization leaves unchanged are the input's own objects (copy-on-write),
 * so treat both as read-only, or clone before editing either.
 */
export type ValidationReport =
  (ReportBase & { valid: true; manifest: Manifest }) | (ReportBase & { valid: false; manifest: Manifest | null });

const semver = new RegExp(SEMVER);
const kebab = new RegExp(KEBAB_CASE);

/**
 * Validates a parsed manifest.json against every rule in docs/rules.md. Never throws.
 * @example validateManifest(JSON.parse(text), { publisher: 'acme' }).errors
 */
export function validateManifest(input: unknown, options: ValidateOptions = {}): ValidationReport {
  const report = validate(input, options, new Reporter());
  return options.ignore === undefined ? report : silence(report, options.ignore);
}

/**
 * Drops the warnings whose code `ignore` lists, after adding a warning for each entry of
 * `ignore` that is not a warning code (the list comes from a user's package.json, unchecked).
 */
export function silence(report: ValidationReport, ignore: unknown): ValidationReport {
  const codes = new Set<string>();
  const problems: Diagnostic[] = [];
  const where = 'package.json "extkit.ignore"';
  if (!Array.isArray(ignore)) {
    problems.push({
      code: 'ignore.invalid',
      path: '',
      message: `${where} is ${describe(ignore)}; it is a list of warning codes, such as ["entry.not_javascript"]`,
    });
  } else {
    for (const code of ignore) {
      if (typeof code !== 'string' || !isDiagnosticCode(code)) {
        problems.push({
          code: 'ignore.invalid',
          path: '',
          message: `${where} lists ${describe(code)}, which is no diagnostic code (docs/rules.md lists them), so it silences nothing`,
        });
      } else if (RULES[code].severity === 'error') {
        problems.push({
          code: 'ignore.not_a_warning',
          path: '',
          message: `${where} lists "${code}", an error: errors cannot be silenced, since the platform refuses the manifest at publish`,
        });
      } else codes.add(code);
    }
  }
  const all = [...problems, ...report.warnings];
  const warnings = codes.size === 0 ? all : all.filter((d) => !codes.has(d.code));
  const silenced = findingCount(all) - findingCount(warnings) + (report.silenced ?? 0);
  return silenced > 0 ? { ...report, warnings, silenced } : { ...report, warnings };
}

/** The rule pass into the caller's reporter; `options.ignore` is the caller's to apply. */
export function validate(input: unknown, options: ValidateOptions, reporter: Reporter): ValidationReport {
  let publisher: string | undefined;
  if (options.publisher !== undefined) {
    if (typeof options.publisher === 'string' && isKebabCase(options.publisher)) publisher = options.publisher;
    else
      reporter.report(
        'publisher.invalid',
        '',
        `the publisher handle ${JSON.stringify(options.publisher) ?? typeof options.publisher} is not ${typeof options.publisher === 'string' ? 'kebab-case' : 'a string'}, so component namespaces were checked without it`,
      );
  }
  if (!isObject(input)) {
    checkStructure(input, reporter, ignoredFieldPaths);
    reporter.finish();
    return { valid: false, errors: reporter.errors, warnings: reporter.warnings, manifest: null };
  }
  // The manifest's own keys are read directly: none of them is a property of Object.prototype.
  const { id, entry, capabilities, contributes, config, restrictParent, restrictChildren } = input;
  const manifestId = typeof id === 'string' && kebab.test(id) ? id : undefined;
  const componentList =
    isObject(contributes) && isObject(contributes.site) && Array.isArray(contributes.site.components)
      ? contributes.site.components
      : undefined;
  // The component ids are read once, before the structural check, which reports the ones out of form.
  const components = componentList && scanComponents(componentList, publisher, manifestId);
  const sound = checkStructure(input, reporter, ignoredFieldPaths, components);

  if (typeof entry === 'string') checkEntry(entry, reporter);
  const caps = isObject(capabilities) ? checkCapabilities(capabilities, sound, reporter) : undefined;
  if (options.api !== undefined)
    checkApi(options.api, caps?.network, isObject(capabilities) && Array.isArray(capabilities.network), reporter);
  let contrib: Manifest['contributes'];
  if (isObject(contributes)) {
    contrib = checkContributes(
      contributes,
      { id: manifestId, publisher, props: caps?.props, sound, components },
      reporter,
    );
  } else if (contributes === undefined) {
    reporter.report(
      'contributes.missing',
      '/contributes',
      'no contributes: the platform treats this version as legacy (it loads where its element is placed, and in the console with the shell), and a bundle that registers anything is refused at publish; declare where it loads, or {} for nowhere',
    );
  }
  const parents = Array.isArray(restrictParent) ? nonEmptyStrings(restrictParent, sound) : undefined;
  const children = Array.isArray(restrictChildren) ? nonEmptyStrings(restrictChildren, sound) : undefined;
  const cfg = isObject(config) ? checkConfig(config, sound, reporter) : undefined;
  // A legacy manifest (no contributes) loads where its element is placed: a site surface too.
  if (isObject(config) && (contributes === undefined || hasSiteSurface(contrib)))
    checkSiteCredentials(config, reporter);

  // Copy-on-write at the top too: a sound manifest without $schema whose parts all stay the same is its own normalized form.
  const same =
    sound &&
    input.$schema === undefined &&
    caps === capabilities &&
    contrib === contributes &&
    parents === restrictParent &&
    children === restrictChildren &&
    cfg === config;
  const manifest = same ? (input as Manifest) : assemble(input, caps, contrib, parents, children, cfg);
  reporter.finish();
  const { errors, warnings } = reporter;
  return errors.length === 0
    ? { valid: true, errors, warnings, manifest }
    : { valid: false, errors, warnings, manifest };
}

/** The normalized manifest: the input's scalars of the right type and the normalized parts, without $schema or unknown keys. */
function assemble(
  input: Record<string, unknown>,
  caps: Manifest['capabilities'],
  contrib: Manifest['contributes'],
  parents: string[] | undefined,
  children: string[] | undefined,
  cfg: Manifest['config'],
): Manifest {
  const { id, name, version, entry, hostAbi, description } = input;
  const manifest = {} as Manifest;
  if (typeof id === 'string') manifest.id = id;
  if (typeof name === 'string') manifest.name = name;
  if (typeof version === 'string') manifest.version = version;
  if (typeof entry === 'string') manifest.entry = entry;
  if (typeof hostAbi === 'number') manifest.hostAbi = hostAbi;
  if (typeof description === 'string') manifest.description = description;
  if (caps) manifest.capabilities = caps;
  if (contrib) manifest.contributes = contrib;
  if (parents) manifest.restrictParent = parents;
  if (children) manifest.restrictChildren = children;
  if (cfg) manifest.config = cfg;
  return manifest;
}

const hasSiteSurface = (c: Manifest['contributes']): boolean =>
  (c?.site?.components?.length ?? 0) > 0 || (c?.site?.features?.length ?? 0) > 0;

// A sound list holds only non-empty strings already: it is its own normalized form.
const nonEmptyStrings = (list: unknown[], sound: boolean): string[] =>
  sound ? (list as string[]) : list.filter((s): s is string => typeof s === 'string' && s !== '');

/** Whether a string is a strict semver version, as the manifest's `version` must be. */
export const isStrictSemver = (version: string): boolean => semver.test(version);
