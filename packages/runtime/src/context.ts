/** The kinds of contribution a manifest's `contributes` can declare, one per register function. */
export type ContributionKind = 'component' | 'feature' | 'slot' | 'route' | 'orgRoute' | 'shell';

/** What the host hands a contribution when it mounts it into its frame. */
export interface ExtensionContext<
  Props = Record<string, unknown>,
  Config = Record<string, unknown>,
  Events extends string = string,
> {
  /** Where to render: a child of the frame's document.body. */
  root: HTMLElement;
  /** The contribution being mounted: its kind and its id exactly as `contributes` declares it. */
  surface: { kind: ContributionKind; id: string };
  /** Current declared props (undeclared ones never arrive). */
  props: Readonly<Props>;
  /** Current config values: defaults, then the installer's settings. */
  config: Readonly<Config>;
  /** Calls `cb` whenever the host sends new props; returns an unsubscribe function. */
  onProps(cb: (props: Props) => void): () => void;
  /** Calls `cb` whenever the installer's config changes; returns an unsubscribe function. */
  onConfig(cb: (config: Config) => void): () => void;
  /** Emits an event to the host; the host accepts only events the manifest declares. */
  emit(event: Events, detail?: unknown): void;
  /** Asks the host to size the frame to `px` pixels high. */
  setHeight(px: number): void;
  /** Calls the host function named by the function-binding prop `prop`. */
  call(prop: string, ...args: unknown[]): Promise<unknown>;
}

/** Mounts a contribution; may return a cleanup the host calls on unmount. */
export type Mount<Props = Record<string, unknown>, Config = Record<string, unknown>, Events extends string = string> = (
  ctx: ExtensionContext<Props, Config, Events>,
) => void | (() => void);
