// contributes: where the extension loads, and the function bindings (the component ids: components.ts).
import { isObject, quote, setOwn, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { PROP_NAME } from '../patterns.js';
import type { Manifest } from '../schema.js';
import { reportComponents, type ComponentScan } from './components.js';
import { asArray, compact, uniqueStrings } from './lists.js';

type Contributes = NonNullable<Manifest['contributes']>;

export interface NamespaceContext {
  /** The manifest's own id, when it is a valid one. */
  id: string | undefined;
  /** The publisher handle, when one was given (and is valid). */
  publisher: string | undefined;
  /** The declared props, for checking function bindings. */
  props: string[] | undefined;
  /** The structural check passed: every component id has the right shape. */
  sound: boolean;
  /** What the pass over `site.components` found, when it is an array. */
  components: ComponentScan | undefined;
}

export function checkContributes(
  contributes: Record<string, unknown>,
  ns: NamespaceContext,
  reporter: Reporter,
): Contributes {
  const site = contributes.site;
  const consoleSection = contributes.console;
  const siteOut = isObject(site) ? checkSite(site, ns, reporter) : undefined;
  const consoleOut = isObject(consoleSection) ? checkConsole(consoleSection, ns.sound, reporter) : undefined;
  const out: Contributes =
    ns.sound && siteOut === site && consoleOut === consoleSection
      ? contributes
      : compact({ site: siteOut, console: consoleOut });
  if (!placesAnything(out)) {
    reporter.report(
      'contributes.declares_nothing',
      '/contributes',
      'contributes declares no component, feature, slot, route, org route or shell: the extension loads nowhere',
    );
  }
  return out;
}

/** Whether the normalized contributes places the extension anywhere (it stops at the first placement). */
function placesAnything({ site, console: k }: Contributes): boolean {
  if (site !== undefined && (notEmpty(site.components) || notEmpty(site.features))) return true;
  return k !== undefined && (notEmpty(k.slots) || notEmpty(k.routes) || notEmpty(k.orgRoutes) || k.shell === true);
}

const notEmpty = (list: readonly unknown[] | undefined): boolean => list !== undefined && list.length > 0;

function checkSite(
  site: Record<string, unknown>,
  ns: NamespaceContext,
  reporter: Reporter,
): NonNullable<Contributes['site']> {
  const components = site.components;
  // The scan of validate's first step, made when the list is an array.
  const scan = ns.components;
  const unique = scan && reportComponents(scan, ns.publisher, ns.id, reporter);
  const features = asArray(site.features);
  const bindings = site.functionBindings;
  const keptFeatures =
    features && uniqueStrings(features, '/contributes/site/features', 'contributes.site.features.duplicate', reporter);
  const props = new Set(ns.props ?? []);
  const keptBindings = isObject(bindings)
    ? checkBindings(bindings, scan?.declared ?? new Set<string>(), props, ns.sound, reporter)
    : undefined;
  // Copy-on-write: a sound section whose members all stay the same is its own normalized form.
  if (ns.sound && unique === components && keptFeatures === features && keptBindings === bindings) return site;
  return compact({ components: unique, features: keptFeatures, functionBindings: keptBindings });
}

const propName = new RegExp(PROP_NAME);

function checkBindings(
  bindings: Record<string, unknown>,
  components: ReadonlySet<string>,
  props: Set<string>,
  sound: boolean,
  reporter: Reporter,
): Record<string, string> {
  let same = sound;
  const keys = Object.keys(bindings);
  for (let i = 0; i < keys.length; i++)
    if (!keepBinding(keys[i]!, bindings[keys[i]!], components, props, sound, reporter)) same = false;
  if (same) return bindings as Record<string, string>;
  const out: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++)
    if (keepBinding(keys[i]!, bindings[keys[i]!], components, props, sound, undefined))
      setOwn(out, keys[i]!, bindings[keys[i]!]);
  return out;
}

/** Whether a binding is kept; reports why not (or an undeclared prop) when given a reporter. */
function keepBinding(
  key: string,
  prop: unknown,
  components: ReadonlySet<string>,
  props: Set<string>,
  sound: boolean,
  reporter: Reporter | undefined,
): boolean {
  if (!components.has(key)) {
    reporter?.report(
      'contributes.site.functionBindings.unknown_component',
      join('/contributes/site/functionBindings', key),
      `function binding for ${quote(key)}, which is not in contributes.site.components; a binding's key is a declared component`,
    );
    return false;
  }
  if (typeof prop !== 'string' || (!sound && !propName.test(prop))) return false; // reported by the structural check
  if (reporter && !props.has(prop)) {
    reporter.report(
      'contributes.site.functionBindings.prop_not_declared',
      join('/contributes/site/functionBindings', key),
      `prop ${quote(prop)} is not in capabilities.props; undeclared props are dropped, so the function name would never reach ${quote(key)}`,
    );
  }
  return true;
}

function checkConsole(
  section: Record<string, unknown>,
  sound: boolean,
  reporter: Reporter,
): NonNullable<Contributes['console']> {
  const slots = asArray(section.slots);
  const routes = asArray(section.routes);
  const orgRoutes = asArray(section.orgRoutes);
  const shell = section.shell;
  const keptSlots =
    slots && uniqueStrings(slots, '/contributes/console/slots', 'contributes.console.slots.duplicate', reporter);
  const keptRoutes = routes && checkRoutes(routes, 'routes', reporter);
  const keptOrgRoutes = orgRoutes && checkRoutes(orgRoutes, 'orgRoutes', reporter);
  const keptShell = typeof shell === 'boolean' ? shell : undefined;
  if (sound && keptSlots === slots && keptRoutes === routes && keptOrgRoutes === orgRoutes && keptShell === shell)
    return section;
  return compact({ slots: keptSlots, routes: keptRoutes, orgRoutes: keptOrgRoutes, shell: keptShell });
}

function checkRoutes(list: unknown[], key: 'routes' | 'orgRoutes', reporter: Reporter): string[] {
  const at = `/contributes/console/${key}`;
  const kept = uniqueStrings(list, at, `contributes.console.${key}.duplicate`, reporter);
  for (let i = 0; i < list.length; i++) {
    const route = list[i];
    const why = typeof route === 'string' && route !== '' ? routeProblem(route) : undefined;
    if (why)
      reporter.report(
        `contributes.console.${key}.not_path`,
        join(at, i),
        `route ${JSON.stringify(route)} ${why}; a route is a path such as "/deal-board"`,
      );
  }
  return kept;
}

/** Why a console route is not a plain path, or undefined when it is one. */
function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'does not start with "/"';
  if (/\s|[\u0000-\u001f\u007f]/.test(route)) return 'contains whitespace or a control character';
  if (/[?#\\]/.test(route)) return 'contains "?", "#" or a backslash';
  if (route.startsWith('//')) return 'starts with "//"';
  if (route.split('/').some((s) => s === '..' || s === '.')) return 'contains a "." or ".." segment';
  return undefined;
}
