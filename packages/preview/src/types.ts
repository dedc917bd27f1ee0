// The public types of @extkit/preview, in one place. Everything the host page
// shows comes from PreviewState, which the dev server streams to it.
import type { ContributionKind } from '@extkit/runtime';

/** Options of `startDevServer`. Every one has a default. */
export interface DevServerOptions {
  /** The extension's folder (holds manifest.json); default the current folder. */
  dir?: string;
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
  /** The host ABI generation the preview emulates; default HOST_ABI, the kit's current one. */
  hostAbi?: number;
  /** Publisher handle for component namespaces; default package.json `extkit.publisher`. */
  publisher?: string;
  /** Watch the sources and manifest.json and reload on change; default true. */
  watch?: boolean;
  /** Preview an installed version (an artifact fetched from a marketplace) instead of building `dir` (`extkit dev --installed`). */
  installed?: InstalledPreview;
  /**
   * An emulator to route the frames' API calls to (`extkit dev --emulator`): its base URL (ending in /v1) and admin URL.
   * Routing is on when the project also names its API base (`"extkit": { "api" }` in package.json); see docs/api.md.
   */
  emulator?: EmulatorLink;
  /** Where the settings panel keeps its values across reloads and restarts; default `<dir>/.extkit/settings.local.json`, `false` for nowhere. */
  settingsFile?: string | false;
}

/** A running emulator the preview routes to and drives (its admin surface). */
export interface EmulatorLink {
  baseUrl: string;
  adminUrl: string;
}

/** An installed, pinned version and the loader policy's decision for it (@extkit/bundler's decideLoad). */
export interface InstalledPreview {
  /** The artifact folder (manifest.json, the bundle and its map). */
  dir: string;
  listing: string;
  version: string;
  /** The integrity the install pinned. */
  integrity: string;
  decision: { loads: boolean; realm: 'app' | 'sandbox' | null; reasons: Array<{ code: string; message: string }> };
  /** The installation's settings (`extkit marketplace install --config`): the settings panel starts from them over the manifest's defaults. */
  config?: Record<string, unknown>;
}

/** A running preview. */
export interface DevServer {
  /** The host page, e.g. `http://127.0.0.1:5173/`. */
  url: string;
  port: number;
  /** The current state, as the host page last received it. */
  state(): PreviewState;
  /** Resolves after the next state change (a rebuild or a manifest change) has been applied. */
  nextUpdate(): Promise<PreviewState>;
  close(): Promise<void>;
}

/** A position in a file: 1-based line, 0-based column (esbuild's convention). */
export interface FileLocation {
  file: string;
  line: number;
  column: number;
  lineText: string;
}

/** One finding shown in the diagnostics panel: a stable code, a message, and where it points. */
export interface PreviewDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** JSON Pointer into manifest.json, for findings about the manifest. */
  path?: string;
  /** File position, for build errors; `frame` is a code frame around it. */
  location?: FileLocation;
  frame?: string;
}

/** One contribution's surface and whether it loads. */
export interface PlannedSurface {
  /** Stable key, `<kind>:<id>`, used in the frame's URL. */
  key: string;
  kind: ContributionKind;
  id: string;
  /** The prop holding a function name (contributes.site.functionBindings), for components. */
  bindingProp?: string;
}

/** A select option or other field of config.fields, as the settings panel needs it. */
export interface SettingsField {
  key: string;
  label: string;
  type: 'string' | 'number' | 'boolean' | 'select';
  min?: number;
  max?: number;
  options?: Array<{ value: string | number | boolean; label: string }>;
}

/** Everything the host page renders. */
export interface PreviewState {
  extension: { id: string; name: string; version: string; hostAbi: number } | null;
  /** The host ABI generation this preview emulates. */
  hostAbi: number;
  /** What the manifest lets through the bridge and the sandbox (from the last valid manifest). */
  declared: { props: string[]; events: string[]; network: string[]; height: number | null };
  /**
   * The settings panel: the fields, config.defaults, and the values kept in the project's local settings file
   * (`.extkit/settings.local.json`, never in an artifact), which the panel starts from.
   */
  settings: {
    fields: SettingsField[];
    defaults: Record<string, unknown>;
    local: Record<string, string | number | boolean>;
  };
  surfaces: PlannedSurface[];
  /** Why nothing loads (nothing declared, hostAbi mismatch, no build yet); null when surfaces load. */
  blocked: { code: string; message: string } | null;
  /** Changes whenever the frames must load again: a new build or a re-applied manifest. */
  revision: number;
  /** Last build: when it finished and how long it took; null before the first one. */
  build: { ok: boolean; ms: number; at: string } | null;
  diagnostics: PreviewDiagnostic[];
  /** What is previewed when it is an installed version: which, and the realm the loader policy gave it (null: previewing the sources). */
  installed: {
    listing: string;
    version: string;
    integrity: string;
    loads: boolean;
    realm: 'app' | 'sandbox' | null;
    reasons: Array<{ code: string; message: string }>;
  } | null;
  /**
   * Routing to the emulator (docs/api.md): the project's API base, the emulator's base and admin URL; null when off
   * (no `--emulator`, or no `extkit.api` in package.json).
   */
  routing: { api: string; emulator: string; admin: string } | null;
  /** Set when the latest build or manifest failed; the last good one keeps running beneath it. */
  overlay: { title: string; diagnostics: PreviewDiagnostic[] } | null;
}

/** A request the frame's Content-Security-Policy blocked, as the network log shows it. */
export interface BlockedRequest {
  surface: string;
  directive: string;
  /** The blocked URL as the browser reports it (often just its origin). */
  blocked: string;
  /** The origin to declare, when the directive is connect-src. */
  origin: string | null;
  /** What to change in manifest.json, written out. */
  fix: string;
}
