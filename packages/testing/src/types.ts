// The public types of @extkit/testing, in one place. The project's own names
// (events, props, config, ids) come from src/manifest.d.ts, which `extkit types`
// writes: it fills in the global ExtkitManifestTypes, so a misspelled event name
// in render() options or a matcher is a compile error. Without it, names are strings.
import type { ContributionKind } from '@extkit/runtime';
import type { SandboxRefusal } from '@extkit/runtime/bridge';
import type { ApiTarget } from './api.js';
import type { BlockedRequest } from './network.js';

declare global {
  /** The project's manifest as types, filled in by its src/manifest.d.ts (`extkit types`); empty until then. */
  // Filled by declaration merging from the project's src/manifest.d.ts.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ExtkitManifestTypes {}
}

/** The events capabilities.events declares (string without src/manifest.d.ts). */
export type EventName = ExtkitManifestTypes extends { events: infer E extends string } ? E : string;
/** The declared props (capabilities.props). */
export type DeclaredProps = ExtkitManifestTypes extends { props: infer P } ? P : Record<string, unknown>;
/** The config values (config.fields). */
export type DeclaredConfig = ExtkitManifestTypes extends { config: infer C } ? C : Record<string, unknown>;
/** Every id contributes declares, and 'shell' when it declares the shell. */
export type SurfaceId = ExtkitManifestTypes extends { ids: infer I extends string } ? I : string;
/** Names the bridge never drops: declared events and props (never without src/manifest.d.ts). */
export type DeclaredName = ExtkitManifestTypes extends { events: infer E; props: infer P } ? E | keyof P : never;

/** What render() takes besides the id. Every option has a default. */
export interface RenderOptions {
  /** The props the host holds; only declared ones reach the mount, the rest are on `view.dropped`. */
  props?: { [K in keyof DeclaredProps]?: DeclaredProps[K] } & Record<string, unknown>;
  /** Settings over the manifest's defaults, each checked against its config field. */
  config?: { [K in keyof DeclaredConfig]?: DeclaredConfig[K] };
  /** manifest.json's path (or its folder), or the manifest itself; default manifest.json in the current folder or the nearest above. */
  manifest?: string | object;
  /** The publisher handle to validate with; default package.json `extkit.publisher`. */
  publisher?: string;
  /** Which kind, when contributes declares the id under more than one. */
  kind?: ContributionKind;
  /** Answers to `ctx.call(prop, ...args)`, by binding prop name; a throw or rejection answers with an error. */
  // `any[]`: a test's answer declares the parameter types it expects, which `unknown[]` would refuse.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  functions?: Record<string, (...args: any[]) => unknown>;
  /** Where requests to declared origins go (a stub); default the environment's fetch (and msw's handlers, when a server listens). */
  fetch?: typeof fetch;
  /**
   * The test's API: the extension's calls under the project's API base (`"extkit": { "api" }` in package.json) go
   * here instead, the rest of the path and the query kept. An @extkit/emulator handle, anything with a `baseUrl`,
   * or the base URL. The extension still calls the production URL, and the sandbox still holds it to
   * capabilities.network.
   */
  api?: ApiTarget;
  /**
   * What the host would drop silently fails the test instead of only landing on `view.dropped`: an undeclared
   * prop makes render() and setProps() throw; an undeclared event, a request the sandbox blocked or anything else the
   * sandbox refused makes unmount() (and so the automatic cleanup) throw. Default false.
   */
  strict?: boolean;
}

/** An event the host accepted. */
export interface EmittedEvent {
  name: EventName;
  detail: unknown;
}

/**
 * Something the bridge did not let through: a prop never delivered, an event the host ignored (undeclared), an emit
 * the frame refused to send (`message` says why, in the preview's words: a name that is no string, a detail that
 * cannot be copied or is over one message's 64 KB), or an emit over the bridge's rate budget (1,000 sends and 1 MB a
 * second: BRIDGE_BUDGET in @extkit/runtime/bridge).
 */
export type Dropped =
  | { kind: 'prop'; name: string; value: unknown }
  | { kind: 'event'; name: string; detail: unknown }
  | { kind: 'refused'; name: string; message: string }
  | { kind: 'over_budget'; name: string };

/** A `ctx.call(prop, ...args)` the host answered. */
export interface BindingCall {
  prop: string;
  /** The function name the binding prop carried. */
  name: string;
  args: unknown[];
}

export type { BlockedRequest, SandboxRefusal };

/** A mounted contribution and everything the host received from it. */
export interface View {
  /** Where the contribution rendered; query it as a user finds things. */
  readonly root: HTMLElement;
  readonly surface: { kind: ContributionKind; id: string };
  /** The props the mount holds now (declared only). */
  readonly props: Readonly<Record<string, unknown>>;
  /** The config the mount holds now. */
  readonly config: Readonly<Record<string, unknown>>;
  /** Events the host accepted, in order. */
  readonly events: EmittedEvent[];
  /** Props never delivered and events the host ignored, in order. */
  readonly dropped: Dropped[];
  /** Calls on the binding prop, in order (calls on other props reject in the component and are not listed). */
  readonly calls: BindingCall[];
  /** Requests the sandbox refused, with the manifest line that would allow each. */
  readonly blocked: BlockedRequest[];
  /**
   * What the sandbox attribute refused (sandbox="allow-scripts" alone): form submission, popups, modal dialogs, top
   * navigation, downloads, pointer lock; each with the permission the frame lacks and what to do instead.
   */
  readonly refused: SandboxRefusal[];
  /** The frame's height: capabilities.size.height, then each resize as the host applies it; null when neither. */
  readonly height: number | null;
  /** Every height the component asked for, as the host applied it. */
  readonly heights: number[];
  /** False after unmount() or cleanup(). */
  readonly mounted: boolean;
  /** Replaces the props the host holds, as the host does, and runs the component's onProps listeners. */
  setProps(next: RenderOptions['props']): void;
  /** Sets the config to the defaults plus `next`, checked against the fields, and runs the onConfig listeners. */
  setConfig(next: RenderOptions['config']): void;
  /**
   * Resolves once the contribution has handled everything sent to it and what it answered is here (`root`, `events`,
   * `refused`, `blocked`, ...). In jsdom the mount is synchronous and this only lets queued microtasks run; in the
   * browser run (Chromium) the frame is a message away: await it after render() and after each action, before asserting.
   * It does not wait for the contribution's own network requests: use vi.waitFor for those.
   */
  settled(): Promise<void>;
  /** Runs the mount's cleanup and removes the root; throws if the cleanup throws. */
  unmount(): void;
}
