// The bridge's verdicts, authored once: what a host lets through between an
// extension frame and the page, by the manifest's declarations. The preview's
// bridge host, @extkit/testing's harness and the frame side (./frame-outbox.ts) all
// decide with these functions, so a test cannot pass on something the preview
// would drop. See docs/design/runtime.md, "The bridge's verdicts".
import type { ContributionKind } from '../context.js';

type Values = Record<string, unknown>;

/** What the manifest lets through the bridge for one surface. */
export interface Declared {
  /** capabilities.props: the props the host forwards. */
  props: readonly string[];
  /** capabilities.events: the events the host accepts. */
  events: readonly string[];
  /** The prop that carries a function name (contributes.site.functionBindings), if any; forwarded only when declared, like any prop. */
  bindingProp?: string | undefined;
}

/** The parts of a (normalized) manifest the verdicts read; `Manifest` from @extkit/manifest fits it. */
export interface BridgeManifest {
  capabilities?: {
    props?: readonly string[];
    events?: readonly string[];
    network?: readonly string[];
    size?: { height?: number };
  };
  contributes?: { site?: { functionBindings?: Readonly<Record<string, string>> } };
}

/** A config field as the verdicts read it (`ConfigField` from @extkit/manifest fits it). */
export interface BridgeConfigField {
  key: string;
  type: 'string' | 'number' | 'boolean' | 'select';
  min?: number;
  max?: number;
  options?: ReadonlyArray<{ value: string | number | boolean }>;
}

/** The most a frame may ask to be, in CSS pixels. */
export const MAX_FRAME_HEIGHT = 10_000;

/** The function-binding prop of a component (contributes.site.functionBindings[id]); undefined for other kinds. */
export function bindingPropOf(manifest: BridgeManifest, kind: ContributionKind, id: string): string | undefined {
  const bindings = manifest.contributes?.site?.functionBindings ?? {};
  return kind === 'component' && Object.hasOwn(bindings, id) ? bindings[id] : undefined;
}

/** What the bridge lets through for one surface of this manifest. */
export function declaredFor(manifest: BridgeManifest, kind: ContributionKind, id: string): Declared {
  return {
    props: [...(manifest.capabilities?.props ?? [])],
    events: [...(manifest.capabilities?.events ?? [])],
    bindingProp: bindingPropOf(manifest, kind, id),
  };
}

/** Splits props into those the bridge forwards and the names it drops. */
export function forwardedProps(props: Values, declared: Declared): { forwarded: Values; dropped: string[] } {
  // No prototype: a declared prop named __proto__ is forwarded like any other.
  const forwarded: Values = Object.create(null) as Values;
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (declared.props.includes(name)) forwarded[name] = value;
    else dropped.push(name);
  }
  return { forwarded, dropped };
}

/** Whether the host accepts an event the frame emits; an undeclared one goes no further. */
export const acceptsEvent = (declared: Declared, event: string): boolean => declared.events.includes(event);

/** The function name a call on `prop` carries: the prop's current value as text. */
export const bindingName = (props: Values, prop: string): string => {
  const value = props[prop];
  // A binding name is the prop's text, whatever it holds: host and frame take the same String() of it.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return value === undefined || value === null ? '' : String(value);
};

/** Why the host refuses `ctx.call(prop, ...)`, or undefined when `prop` is this surface's function binding. */
export function callRefusal(declared: Declared, prop: string): string | undefined {
  return prop === declared.bindingProp ? undefined : `"${prop}" is not this component's function binding.`;
}

/** The height the host gives a frame that asks for `requested` pixels: whole, at least 0, at most MAX_FRAME_HEIGHT. */
export const frameHeight = (requested: number): number =>
  Math.min(Math.max(0, Math.round(requested)), MAX_FRAME_HEIGHT);

/** A request the sandbox's Content-Security-Policy refuses, and what to change in manifest.json. */
export interface NetworkRefusal {
  /** The CSP directive that refuses it; connect-src for fetch and XHR. */
  directive: string;
  /** The origin to declare, when it can be declared (connect-src to an http(s) origin). */
  origin: string | null;
  /** What to change in manifest.json, written out (the preview's network log shows the same words). */
  fix: string;
}

/** The network log's advice for a load `directive` refused; `origin` null when it cannot be declared. */
export function networkFix(directive: string, origin: string | null, network: readonly string[]): string {
  return origin !== null
    ? `Add ${JSON.stringify(origin)} to capabilities.network in manifest.json: "network": ${JSON.stringify([...network, origin])}`
    : `The platform's sandbox allows no ${directive.replace(/-src$/, '')} loads besides the extension's own bundle; this cannot be declared.`;
}

/**
 * An external script the frame would load (`<script src>`, HTML or SVG, classic or module) or preload
 * (`<link rel=preload as=script>`, `<link rel=modulepreload>`): the frame's policy admits only the scripts
 * it pins by hash, so every one is refused (script-src-elem), and none can be declared.
 */
export function scriptRefusal(): NetworkRefusal {
  return { directive: 'script-src-elem', origin: null, fix: networkFix('script-src-elem', null, []) };
}

/**
 * Why the sandbox strips `integrity` from a script or link: Chromium runs (and first requests) an external
 * script whose `integrity` names a hash the policy allows, and the frame's policy allows the hashes of the
 * scripts it runs, which the extension can read and hash. The words of the preview's network log and the harness's.
 */
export const INTEGRITY_REFUSAL =
  "The preview removed integrity from the element before the browser saw it. A policy that pins scripts by hash also lets an external script through when its integrity names one of those hashes, and Chromium requests it first (measured in Chromium 156, to any host, with the network log showing nothing); no CSP keyword closes this, so the platform's sandbox must strip integrity from <script> (HTML and SVG) and <link> in the frame before the extension's code runs, or pin the frame's scripts by URL instead of by hash. An external script cannot be declared; bundle what you import.";

/** The origin a blocked URL names, or null when it has none that could be declared (data:, blob:, not a URL). */
export function declarableOrigin(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
const portOf = (u: URL): string => u.port || DEFAULT_PORTS[u.protocol] || '';

/**
 * Whether `url` matches the connect-src source `origin` (one of capabilities.network)
 * as Chromium matches a host-source: same host; the scheme the same or upgraded
 * (http to https, ws to wss); the port the same, or both the default, or an upgrade
 * from 80 to 443 made together with the scheme's.
 */
export function matchesSource(url: URL, origin: string): boolean {
  let source: URL;
  try {
    source = new URL(origin);
  } catch {
    return false;
  }
  if (source.hostname !== url.hostname || !(source.protocol in DEFAULT_PORTS)) return false;
  const schemeUpgrade =
    (source.protocol === 'http:' && url.protocol === 'https:') ||
    (source.protocol === 'ws:' && url.protocol === 'wss:');
  if (source.protocol !== url.protocol && !schemeUpgrade) return false;
  const from = portOf(source);
  const to = portOf(url);
  if (schemeUpgrade) return to === '443' && (from === '80' || from === '443');
  return from === to;
}

/**
 * Whether the sandbox lets the frame fetch `url` (absolute): its connect-src is
 * exactly capabilities.network, never 'self', matched as Chromium matches it. Undefined when allowed.
 */
export function connectRefusal(url: string, network: readonly string[]): NetworkRefusal | undefined {
  const origin = declarableOrigin(url);
  if (origin !== null && network.some((source) => matchesSource(new URL(url), source))) return undefined;
  return { directive: 'connect-src', origin, fix: networkFix('connect-src', origin, network) };
}

/** Why `value` is not a value the settings can hold for `field` (its type, range or options), or undefined when it is. */
export function configValueProblem(field: BridgeConfigField, value: unknown): string | undefined {
  const got =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'string'
          ? JSON.stringify(value)
          : typeof value === 'object' || typeof value === 'function'
            ? `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`
            : // What is left is a number, boolean, bigint, symbol or undefined: their own text.
              // eslint-disable-next-line @typescript-eslint/no-base-to-string
              `${typeof value} ${String(value)}`;
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? undefined : `"${field.key}" is a string field, got ${got}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `"${field.key}" is a boolean field, got ${got}`;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `"${field.key}" is a number field, got ${got}`;
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
        return `"${field.key}" is ${value}, outside its range ${field.min ?? '-∞'} to ${field.max ?? '∞'}`;
      }
      return undefined;
    case 'select': {
      const options = field.options ?? [];
      return options.some((o) => o.value === value)
        ? undefined
        : `"${field.key}" is ${got}, which is not one of its options: ${options.map((o) => JSON.stringify(o.value)).join(', ')}`;
    }
  }
}
