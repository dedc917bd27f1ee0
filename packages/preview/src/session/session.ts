// One preview session: the extension's manifest and build, the state the host
// page renders, and the live loop that keeps both current. A failed build or
// an invalid manifest is shown as an overlay while the last good one keeps running.
import { join, resolve } from 'node:path';
import { readManifest, validateOptionsFor, type Diagnostic, type Manifest } from '@extkit/manifest';
import type { EmulatorLink, InstalledPreview, PreviewDiagnostic, PreviewState } from '../types.js';
import { routingFor } from './routing.js';
import { LOCAL_SETTINGS, readLocalSettings, writeLocalSettings, type LocalValues } from './local-settings.js';
import { installedBlocked, readInstalled } from './installed.js';
import { createBuilder, type Builder, type BuildOutcome } from './build.js';
import { loadDecision } from './load-decision.js';
import { noContributes, planSurfaces } from './surfaces.js';
import { watchExtension, type Watcher } from './watch.js';

export interface SessionOptions {
  dir: string;
  /** An installed artifact: read once from `dir`, never built or watched. */
  installed?: InstalledPreview | undefined;
  hostAbi: number;
  publisher?: string | undefined;
  watch: boolean;
  emulator?: EmulatorLink | undefined;
  /** The local settings file (absolute), or false for none. */
  settingsFile?: string | false | undefined;
}

export class Session {
  /** The last good bundle, inlined into every frame document, and its source map. */
  bundle: string | null = null;
  bundleMap = '';
  state: PreviewState;
  private manifest: Manifest | null = null;
  private manifestDiagnostics: PreviewDiagnostic[] = [];
  private manifestFailed = false;
  private buildDiagnostics: PreviewDiagnostic[] = [];
  private buildFailed = false;
  private builder: Builder | undefined;
  private watcher: Watcher | undefined;
  private queue: Promise<void> = Promise.resolve();
  private builderEntry: string | undefined;
  private pending = new Set<'manifest' | 'build'>();
  private readonly listeners = new Set<(state: PreviewState) => void>();
  private local: LocalValues = {};
  private localProblem: PreviewDiagnostic[] = [];

  constructor(private readonly options: SessionOptions) {
    this.state = {
      extension: null,
      hostAbi: options.hostAbi,
      declared: { props: [], events: [], network: [], height: null },
      settings: { fields: [], defaults: {}, local: {} },
      surfaces: [],
      blocked: null,
      revision: 0,
      build: null,
      diagnostics: [],
      installed: null,
      routing: null,
      overlay: null,
    };
  }

  /** The local settings file, or undefined when the session keeps none (an installed version's preview, or turned off). */
  get settingsFile(): string | undefined {
    const file = this.options.settingsFile;
    if (file === false || this.options.installed) return undefined;
    return file ?? join(this.options.dir, LOCAL_SETTINGS);
  }

  /** Keeps the settings panel's values in the local settings file; the next state carries them. */
  saveLocalSettings(values: LocalValues): void {
    const file = this.settingsFile;
    if (file === undefined) return;
    writeLocalSettings(file, values);
    this.local = { ...values };
    this.state.settings.local = this.local;
  }

  /** Validates, builds once and (unless disabled) starts watching. */
  async start(): Promise<void> {
    const file = this.settingsFile;
    if (file !== undefined) {
      const read = readLocalSettings(file);
      this.local = read.values;
      this.state.settings.local = read.values;
      if (read.problem)
        this.localProblem = [{ code: 'preview.settings_unreadable', severity: 'warning', message: read.problem }];
    }
    const installed = this.options.installed;
    if (installed) {
      const read = await readInstalled(installed);
      this.manifest = read.manifest;
      this.manifestDiagnostics = read.diagnostics;
      this.manifestFailed = read.manifest === null;
      this.bundle = read.bundle;
      this.bundleMap = read.map;
      const { loads, realm, reasons } = installed.decision;
      this.state.installed = {
        listing: installed.listing,
        version: installed.version,
        integrity: installed.integrity,
        loads,
        realm,
        reasons,
      };
      this.publish(true);
      return;
    }
    this.readManifest();
    await this.build();
    this.publish(true);
    if (this.options.watch) {
      this.watcher = await watchExtension(this.options.dir, (what) => this.schedule(what));
    }
  }

  onChange(listener: (state: PreviewState) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    await this.queue;
    await this.builder?.dispose();
  }

  /** Queues a re-validation or a rebuild; one of each kind waits at most, so a burst of saves costs one run. */
  schedule(what: 'manifest' | 'build'): void {
    if (this.pending.has(what)) return;
    this.pending.add(what);
    this.queue = this.queue.then(async () => {
      this.pending.delete(what);
      const bundleBefore = this.bundle;
      const manifestBefore = JSON.stringify(this.manifest);
      const diagnosticsBefore = JSON.stringify([this.manifestDiagnostics, this.buildDiagnostics]);
      if (what === 'manifest') this.readManifest();
      else await this.build();
      const reload = this.bundle !== bundleBefore || JSON.stringify(this.manifest) !== manifestBefore;
      // A re-check that finds nothing new (the watcher's trailing pass) tells nobody.
      if (!reload && JSON.stringify([this.manifestDiagnostics, this.buildDiagnostics]) === diagnosticsBefore) return;
      this.publish(reload);
    });
  }

  private readManifest(): void {
    const manifestPath = join(this.options.dir, 'manifest.json');
    let diagnostics: PreviewDiagnostic[];
    let valid = false;
    try {
      const settings = validateOptionsFor(this.options.dir, this.options.publisher);
      const { report } = readManifest(manifestPath, settings);
      const routed = routingFor(settings.api, this.options.emulator);
      this.state.routing = routed.routing;
      diagnostics = [
        ...report.errors.map((d) => fromManifest(d, 'error')),
        ...report.warnings.map((d) => fromManifest(d, 'warning')),
        ...routed.diagnostics,
      ];
      if (report.valid) {
        valid = true;
        this.manifest = report.manifest;
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      diagnostics = [
        { code: 'preview.manifest_unreadable', severity: 'error', message: `Cannot read ${manifestPath}: ${message}` },
      ];
    }
    this.manifestDiagnostics = diagnostics;
    this.manifestFailed = !valid;
  }

  private missingSource: string | undefined;

  /** (Re)creates the incremental build when the source entry appears or changes (package.json `extkit.source`). */
  private async ensureBuilder(): Promise<void> {
    const { readProject, findSource } = await import('@extkit/bundler');
    const found = findSource(this.options.dir, (await readProject(this.options.dir)).settings);
    const entry = 'source' in found ? resolve(this.options.dir, found.source) : undefined;
    this.missingSource = 'error' in found ? found.error.message : undefined;
    if (entry === this.builderEntry && this.builder) return;
    await this.builder?.dispose();
    this.builder = entry ? await createBuilder(this.options.dir, entry) : undefined;
    this.builderEntry = entry;
  }

  private async build(): Promise<void> {
    await this.ensureBuilder();
    if (!this.builder) {
      this.buildFailed = true;
      this.buildDiagnostics = [
        {
          code: 'preview.no_source_entry',
          severity: 'error',
          // The build's own words: they name the missing file when package.json names one.
          message: this.missingSource ?? 'No source entry.',
        },
      ];
      return;
    }
    const outcome: BuildOutcome = await this.builder.rebuild();
    this.state.build = { ok: outcome.ok, ms: outcome.ms, at: new Date().toISOString() };
    this.buildFailed = !outcome.ok;
    this.buildDiagnostics = outcome.ok ? outcome.warnings : [...outcome.errors, ...outcome.warnings];
    if (outcome.ok) {
      this.bundle = outcome.code;
      this.bundleMap = outcome.map;
    }
  }

  /** Recomputes the state from the last good manifest and build, and tells the listeners. */
  private publish(reload: boolean): void {
    const s = this.state;
    const m = this.manifest;
    s.diagnostics = [...this.manifestDiagnostics, ...this.buildDiagnostics, ...this.localProblem];
    const failing = s.diagnostics.filter((d) => d.severity === 'error');
    s.overlay =
      failing.length === 0
        ? null
        : {
            title: this.manifestFailed
              ? m
                ? 'manifest.json is invalid: the last valid manifest still applies'
                : 'manifest.json is invalid'
              : this.bundle
                ? 'The build failed: the last good build is still running'
                : 'The build failed',
            diagnostics: failing,
          };
    if (m) {
      s.extension = { id: m.id, name: m.name, version: m.version, hostAbi: m.hostAbi };
      s.declared = {
        props: [...(m.capabilities?.props ?? [])],
        events: [...(m.capabilities?.events ?? [])],
        network: [...(m.capabilities?.network ?? [])],
        height: m.capabilities?.size?.height ?? null,
      };
      s.settings = {
        fields: (m.config?.fields ?? []).map((f) => ({ ...f })),
        defaults: { ...(m.config?.defaults ?? {}), ...(this.options.installed?.config ?? {}) },
        local: this.local,
      };
      s.surfaces = planSurfaces(m);
    }
    const installed = this.options.installed;
    s.blocked =
      installed && !installed.decision.loads
        ? installedBlocked(installed)
        : !m
          ? {
              code: 'preview.manifest_invalid',
              message:
                'manifest.json has never been valid in this session, so nothing loads. Fix the errors in the diagnostics.',
            }
          : ((installed ? null : loadDecision(m, this.options.hostAbi)) ??
            noContributes(m) ??
            (this.bundle === null
              ? {
                  code: 'preview.no_build',
                  message:
                    'The extension has not built yet, so nothing loads. Fix the build errors in the diagnostics.',
                }
              : null));
    if (reload) s.revision++;
    for (const listener of this.listeners) listener(s);
  }
}

function fromManifest(d: Diagnostic, severity: PreviewDiagnostic['severity']): PreviewDiagnostic {
  const out: PreviewDiagnostic = { code: d.code, severity, message: d.message, path: d.path };
  if (d.line !== undefined)
    out.location = { file: 'manifest.json', line: d.line, column: Math.max(0, (d.column ?? 1) - 1), lineText: '' };
  return out;
}
