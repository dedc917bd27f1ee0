// contributes: where the extension loads, and the component namespace.
import { isObject, own, setOwn, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { COMPONENT_ID, PROP_NAME } from '../patterns.js';
import type { Manifest } from '../schema.js';
import { arrayAt, uniqueStrings } from './lists.js';

type Contributes = NonNullable<Manifest['contributes']>;

export interface NamespaceContext {
  /** The manifest's own id, when it is a valid one. */
  id: string | undefined;
  /** The publisher handle, when one was given (and is valid). */
  publisher: string | undefined;
  /** The declared props, for checking function bindings. */
  props: string[] | undefined;
}

export function checkContributes(contributes: Record<string, unknown>, ns: NamespaceContext, reporter: Reporter): Contributes {
  const out: Contributes = {};
  const site = own(contributes, 'site');
  if (isObject(site)) out.site = checkSite(site, ns, reporter);
  const consoleSection = own(contributes, 'console');
  if (isObject(consoleSection)) out.console = checkConsole(consoleSection, reporter);
  if (placements(out) === 0) {
    reporter.report('contributes.declares_nothing', '/contributes', 'contributes declares no component, feature, slot, route, org route or shell: the extension loads nowhere');
  }
  return out;
}

function placements(c: Contributes): number {
  const s = c.site ?? {};
  const k = c.console ?? {};
  return (s.components?.length ?? 0) + (s.features?.length ?? 0) + (k.slots?.length ?? 0) + (k.routes?.length ?? 0) + (k.orgRoutes?.length ?? 0) + (k.shell === true ? 1 : 0);
}

function checkSite(site: Record<string, unknown>, ns: NamespaceContext, reporter: Reporter): NonNullable<Contributes['site']> {
  const out: NonNullable<Contributes['site']> = {};
  const components = arrayAt(site, 'components');
  if (components) {
    const at = '/contributes/site/components';
    const unique = uniqueStrings(components, at, 'contributes.site.components.duplicate', reporter);
    for (const id of unique) checkComponentNamespace(id, join(at, components.indexOf(id)), ns, reporter);
    out.components = unique;
    if (!ns.publisher && unique.length > 0) {
      reporter.report('publisher.unknown', at, 'no publisher handle was given (--publisher, or "extkit": { "publisher": ... } in package.json): component ids were checked except for their publisher part');
    }
  }
  const features = arrayAt(site, 'features');
  if (features) out.features = uniqueStrings(features, '/contributes/site/features', 'contributes.site.features.duplicate', reporter);
  const bindings = own(site, 'functionBindings');
  if (isObject(bindings)) out.functionBindings = checkBindings(bindings, new Set(components?.filter((c) => typeof c === 'string')), ns, reporter);
  return out;
}

const componentId = new RegExp(COMPONENT_ID);

/** Reports a component id outside `<publisher>.<manifest id>.<role>`. */
function checkComponentNamespace(id: string, at: string, ns: NamespaceContext, reporter: Reporter): void {
  if (!componentId.test(id)) return; // its shape is reported by the structural check
  const [publisher, extension] = id.split('.') as [string, string, string];
  if (ns.publisher !== undefined && publisher !== ns.publisher) {
    reporter.report('contributes.site.components.wrong_publisher', at, `component "${id}" is in the namespace of publisher "${publisher}", not "${ns.publisher}"; use "${ns.publisher}.${extension}.${id.split('.')[2]}"`);
  }
  if (ns.id !== undefined && extension !== ns.id) {
    reporter.report('contributes.site.components.wrong_extension', at, `component "${id}" names extension "${extension}", but this manifest's id is "${ns.id}"; use "${publisher}.${ns.id}.${id.split('.')[2]}"`);
  }
}

const propName = new RegExp(PROP_NAME);

function checkBindings(bindings: Record<string, unknown>, components: Set<unknown>, ns: NamespaceContext, reporter: Reporter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(bindings)) {
    const at = join('/contributes/site/functionBindings', key);
    const prop = bindings[key];
    if (!components.has(key)) {
      reporter.report('contributes.site.functionBindings.unknown_component', at, `function binding for "${key}", which is not in contributes.site.components; a binding's key is a declared component`);
      continue;
    }
    if (typeof prop !== 'string' || !propName.test(prop)) continue; // reported by the structural check
    if (!ns.props?.includes(prop)) {
      reporter.report('contributes.site.functionBindings.prop_not_declared', at, `prop "${prop}" is not in capabilities.props; undeclared props are dropped, so the function name would never reach "${key}"`);
    }
    setOwn(out, key, prop);
  }
  return out;
}

function checkConsole(section: Record<string, unknown>, reporter: Reporter): NonNullable<Contributes['console']> {
  const out: NonNullable<Contributes['console']> = {};
  const slots = arrayAt(section, 'slots');
  if (slots) out.slots = uniqueStrings(slots, '/contributes/console/slots', 'contributes.console.slots.duplicate', reporter);
  for (const key of ['routes', 'orgRoutes'] as const) {
    const list = arrayAt(section, key);
    if (!list) continue;
    const at = `/contributes/console/${key}`;
    out[key] = uniqueStrings(list, at, `contributes.console.${key}.duplicate`, reporter);
    for (const route of out[key]) {
      const why = routeProblem(route);
      if (why) reporter.report(`contributes.console.${key}.not_path`, join(at, list.indexOf(route)), `route ${JSON.stringify(route)} ${why}; a route is a path such as "/deal-board"`);
    }
  }
  const shell = own(section, 'shell');
  if (typeof shell === 'boolean') out.shell = shell;
  return out;
}

function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'does not start with "/"';
  if (/\s|[\u0000-\u001f\u007f]/.test(route)) return 'contains whitespace or a control character';
  if (/[?#\\]/.test(route)) return 'contains "?", "#" or a backslash';
  if (route.startsWith('//')) return 'starts with "//"';
  if (route.split('/').some((s) => s === '..' || s === '.')) return 'contains a "." or ".." segment';
  return undefined;
}
