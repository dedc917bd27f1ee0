// contributes: where the extension loads, and the component namespace.
import { isObject, setOwn, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { COMPONENT_ID, PROP_NAME } from '../patterns.js';
import type { Manifest } from '../schema.js';
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
}

export function checkContributes(contributes: Record<string, unknown>, ns: NamespaceContext, reporter: Reporter): Contributes {
  const site = contributes.site;
  const consoleSection = contributes.console;
  const siteOut = isObject(site) ? checkSite(site, ns, reporter) : undefined;
  const consoleOut = isObject(consoleSection) ? checkConsole(consoleSection, ns.sound, reporter) : undefined;
  const out: Contributes = ns.sound && siteOut === site && consoleOut === consoleSection ? contributes : compact({ site: siteOut, console: consoleOut });
  if (placements(out) === 0) {
    reporter.report('contributes.declares_nothing', '/contributes', 'contributes declares no component, feature, slot, route, org route or shell: the extension loads nowhere');
  }
  return out;
}

function placements({ site, console: k }: Contributes): number {
  return (site?.components?.length ?? 0) + (site?.features?.length ?? 0) + (k?.slots?.length ?? 0) + (k?.routes?.length ?? 0) + (k?.orgRoutes?.length ?? 0) + (k?.shell === true ? 1 : 0);
}

function checkSite(site: Record<string, unknown>, ns: NamespaceContext, reporter: Reporter): NonNullable<Contributes['site']> {
  const components = asArray(site.components);
  let unique: string[] | undefined;
  if (components) {
    const at = '/contributes/site/components';
    unique = uniqueStrings(components, at, 'contributes.site.components.duplicate', reporter);
    const { publisher, id: extension } = ns;
    for (const id of unique) {
      // A sound id has three kebab-case parts, so the right namespace is a test of its first two.
      if (!ns.sound || publisher === undefined || extension === undefined || !inNamespace(id, publisher, extension)) checkComponentNamespace(id, components, ns, reporter);
    }
    if (!ns.publisher && unique.length > 0) {
      reporter.report('publisher.unknown', at, 'no publisher handle was given (--publisher, or "extkit": { "publisher": ... } in package.json): component ids were checked except for their publisher part');
    }
  }
  const features = asArray(site.features);
  const bindings = site.functionBindings;
  const out = {
    components: unique,
    features: features && uniqueStrings(features, '/contributes/site/features', 'contributes.site.features.duplicate', reporter),
    functionBindings: isObject(bindings) ? checkBindings(bindings, components ?? [], ns, reporter) : undefined,
  };
  if (ns.sound && out.components === components && out.features === features && out.functionBindings === bindings) return site;
  return compact(out);
}

const componentId = new RegExp(COMPONENT_ID);

/**
 * Whether `id` starts with `<publisher>.<extension>.`, compared in place: building that
 * prefix as a string costs more than the rest of the namespace check (it is flattened
 * on every call), and this runs for every component of every manifest validated.
 */
function inNamespace(id: string, publisher: string, extension: string): boolean {
  const a = publisher.length;
  const b = extension.length;
  if (id.length <= a + b + 2 || id.charCodeAt(a) !== 46 || id.charCodeAt(a + b + 1) !== 46) return false;
  for (let i = 0; i < a; i++) if (id.charCodeAt(i) !== publisher.charCodeAt(i)) return false;
  for (let i = 0; i < b; i++) if (id.charCodeAt(a + 1 + i) !== extension.charCodeAt(i)) return false;
  return true;
}

/** Reports a component id outside `<publisher>.<manifest id>.<role>`. */
function checkComponentNamespace(id: string, list: unknown[], ns: NamespaceContext, reporter: Reporter): void {
  const first = id.indexOf('.');
  const second = id.indexOf('.', first + 1);
  const publisherOk = ns.publisher === undefined || (first === ns.publisher.length && id.startsWith(ns.publisher));
  const extensionOk = ns.id === undefined || (second - first - 1 === ns.id.length && id.startsWith(ns.id, first + 1));
  if (publisherOk && extensionOk) return;
  if (!ns.sound && !componentId.test(id)) return; // its shape is reported by the structural check
  const [publisher, extension, role] = id.split('.') as [string, string, string];
  const at = join('/contributes/site/components', list.indexOf(id));
  if (!publisherOk) {
    reporter.report('contributes.site.components.wrong_publisher', at, `component "${id}" is in the namespace of publisher "${publisher}", not "${ns.publisher}"; use "${ns.publisher}.${extension}.${role}"`);
  }
  if (!extensionOk) {
    reporter.report('contributes.site.components.wrong_extension', at, `component "${id}" names extension "${extension}", but this manifest's id is "${ns.id}"; use "${publisher}.${ns.id}.${role}"`);
  }
}

const propName = new RegExp(PROP_NAME);

function checkBindings(bindings: Record<string, unknown>, components: unknown[], ns: NamespaceContext, reporter: Reporter): Record<string, string> {
  let same = ns.sound;
  for (const key in bindings) if (!keepBinding(key, bindings[key], components, ns, reporter)) same = false;
  if (same) return bindings as Record<string, string>;
  const out: Record<string, string> = {};
  for (const key in bindings) if (keepBinding(key, bindings[key], components, ns, undefined)) setOwn(out, key, bindings[key] as string);
  return out;
}

/** Whether a binding is kept; reports why not (or an undeclared prop) when given a reporter. */
function keepBinding(key: string, prop: unknown, components: unknown[], ns: NamespaceContext, reporter: Reporter | undefined): boolean {
  if (!components.includes(key)) {
    reporter?.report('contributes.site.functionBindings.unknown_component', join('/contributes/site/functionBindings', key), `function binding for "${key}", which is not in contributes.site.components; a binding's key is a declared component`);
    return false;
  }
  if (typeof prop !== 'string' || (!ns.sound && !propName.test(prop))) return false; // reported by the structural check
  if (reporter && !ns.props?.includes(prop)) {
    reporter.report('contributes.site.functionBindings.prop_not_declared', join('/contributes/site/functionBindings', key), `prop "${prop}" is not in capabilities.props; undeclared props are dropped, so the function name would never reach "${key}"`);
  }
  return true;
}

function checkConsole(section: Record<string, unknown>, sound: boolean, reporter: Reporter): NonNullable<Contributes['console']> {
  const slots = asArray(section.slots);
  const routes = asArray(section.routes);
  const orgRoutes = asArray(section.orgRoutes);
  const shell = section.shell;
  const out = {
    slots: slots && uniqueStrings(slots, '/contributes/console/slots', 'contributes.console.slots.duplicate', reporter),
    routes: routes && checkRoutes(routes, 'routes', reporter),
    orgRoutes: orgRoutes && checkRoutes(orgRoutes, 'orgRoutes', reporter),
    shell: typeof shell === 'boolean' ? shell : undefined,
  };
  if (sound && out.slots === slots && out.routes === routes && out.orgRoutes === orgRoutes && out.shell === shell) return section;
  return compact(out);
}

function checkRoutes(list: unknown[], key: 'routes' | 'orgRoutes', reporter: Reporter): string[] {
  const at = `/contributes/console/${key}`;
  const kept = uniqueStrings(list, at, `contributes.console.${key}.duplicate`, reporter);
  for (const route of kept) {
    const why = routeProblem(route);
    if (why) reporter.report(`contributes.console.${key}.not_path`, join(at, list.indexOf(route)), `route ${JSON.stringify(route)} ${why}; a route is a path such as "/deal-board"`);
  }
  return kept;
}

function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'does not start with "/"';
  if (/\s|[\u0000-\u001f\u007f]/.test(route)) return 'contains whitespace or a control character';
  if (/[?#\\]/.test(route)) return 'contains "?", "#" or a backslash';
  if (route.startsWith('//')) return 'starts with "//"';
  if (route.split('/').some((s) => s === '..' || s === '.')) return 'contains a "." or ".." segment';
  return undefined;
}
