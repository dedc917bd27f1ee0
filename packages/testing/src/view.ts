// The View both render()s return (jsdom's in render.ts, Chromium's in browser/render.ts): what the
// host received from one mounted contribution, the lifecycle (setProps and setConfig only while
// mounted, unmount once), and cleanup() of the views still mounted.
import type { Manifest } from '@extkit/manifest';
import type { ContributionKind } from '@extkit/runtime';
import { forwardedProps, type Declared, type SandboxRefusal } from '@extkit/runtime/bridge';
import { TestingError } from './errors.js';
import type { BlockedRequest } from './guards.js';
import type { BindingCall, Dropped, EmittedEvent, RenderOptions, View } from './types.js';

type Values = Record<string, unknown>;

/** What the host received from the mount, in order, as the view shows it. */
export interface HostRecord {
  readonly events: EmittedEvent[];
  readonly dropped: Dropped[];
  readonly calls: BindingCall[];
  readonly blocked: BlockedRequest[];
  readonly refused: SandboxRefusal[];
  readonly heights: number[];
  /** capabilities.size.height, then the last height the host applied. */
  height: number | null;
  /** Under strict, the undeclared events the host dropped: they fail the test when the view unmounts. */
  readonly undeclared: Set<string>;
  /** An event the frame sent: on `events` when the host accepts it, else on `dropped`. */
  event(name: string, detail: unknown, accepted: boolean): void;
  /** A height the host applied. */
  resize(px: number): void;
}

export function hostRecord(manifest: Manifest, strict: boolean | undefined): HostRecord {
  const record: HostRecord = {
    events: [],
    dropped: [],
    calls: [],
    blocked: [],
    refused: [],
    heights: [],
    height: manifest.capabilities?.size?.height ?? null,
    undeclared: new Set(),
    event(name, detail, accepted) {
      if (accepted) record.events.push({ name, detail });
      else {
        record.dropped.push({ kind: 'event', name, detail });
        if (strict) record.undeclared.add(name);
      }
    },
    resize(px) {
      record.height = px;
      record.heights.push(px);
    },
  };
  return record;
}

/** The host's answer to a call the test gave no function for. */
export const noAnswer = (caller: string, prop: string): Error =>
  new Error(
    `${caller}: ctx.call(${JSON.stringify(prop)}) has no answer in this test; pass render(id, { functions: { ${JSON.stringify(prop)}: (...args) => result } }).`,
  );

/** What makes a view: its root and record, the host's props and config, and what each render() does on the view's calls. */
export interface ViewParts {
  root: HTMLElement;
  surface: { kind: ContributionKind; id: string };
  declared: Declared;
  record: HostRecord;
  /** The props and the config the host holds now. */
  hostProps(): Values;
  hostConfig(): Values;
  /** Runs before `blocked` is read (jsdom lists the scripts it refused then). */
  beforeBlocked?(): void;
  setProps(next: RenderOptions['props']): void;
  setConfig(next: RenderOptions['config']): void;
  settled(): Promise<void>;
  /** Ends the mount, once; throws what fails the test at unmount. */
  teardown(): void;
}

const mounted = new Set<{ unmount(): void }>();

/** The view on a mounted contribution, listed for cleanup() until it unmounts. */
export function createView(parts: ViewParts): View {
  const { root, surface, declared, record } = parts;
  let alive = true;
  const live = (what: string): void => {
    if (!alive)
      throw new TestingError(
        'testing.unmounted',
        `view.${what}(): the ${surface.kind} ${JSON.stringify(surface.id)} is unmounted; render it again.`,
      );
  };
  const entry = {
    unmount(): void {
      if (!alive) return;
      alive = false;
      mounted.delete(entry);
      parts.teardown();
    },
  };
  mounted.add(entry);
  return {
    root,
    surface,
    get props() {
      return forwardedProps(parts.hostProps(), declared).forwarded;
    },
    get config() {
      return parts.hostConfig();
    },
    events: record.events,
    dropped: record.dropped,
    calls: record.calls,
    get blocked() {
      parts.beforeBlocked?.();
      return record.blocked;
    },
    refused: record.refused,
    get height() {
      return record.height;
    },
    heights: record.heights,
    get mounted() {
      return alive;
    },
    setProps(next) {
      live('setProps');
      parts.setProps(next);
    },
    setConfig(next) {
      live('setConfig');
      parts.setConfig(next);
    },
    settled: () => parts.settled(),
    unmount: () => entry.unmount(),
  };
}

/** Unmounts every view still mounted (vitest runs it after each test); throws the first cleanup error after trying them all. */
export function cleanup(): void {
  const errors: unknown[] = [];
  for (const view of [...mounted]) {
    try {
      view.unmount();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1)
    throw new AggregateError(errors, `cleanup(): ${errors.length} cleanups threw: ${errors.map(message).join('; ')}`);
}

/** An error's message, or the thrown value as text. */
export const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
