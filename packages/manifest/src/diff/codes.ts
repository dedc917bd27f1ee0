// Every change a manifest diff can report: its section (how the CLI groups it) and what it
// means. docs/diff.md carries the same table, and a test fails when the two drift.

/** How the output groups changes, in this order. */
export const SECTIONS = ['identity', 'capabilities', 'contributes', 'lineage', 'config', 'bundle', 'other'] as const;
export type Section = (typeof SECTIONS)[number];

export interface ChangeKind {
  section: Section;
  /** What the change is; whether it widens is decided per change and said in its `reason`. */
  means: string;
}

const kind = (section: Section, means: string): ChangeKind => ({ section, means });

export const CHANGES = {
  'id.changed': kind(
    'identity',
    'Another `id`: an id is never renamed, so this is another extension; counted as widening, since nothing it asks for was granted to the older one.',
  ),
  'name.changed': kind('identity', 'The display name changed.'),
  'description.changed': kind('identity', 'The description was added, removed or changed.'),
  'entry.changed': kind('identity', 'The bundle is at another path inside the artifact.'),
  'hostAbi.changed': kind(
    'identity',
    'Another host ABI generation: a host of another generation never loads the version.',
  ),

  'capabilities.network.added': kind(
    'capabilities',
    'An origin the sandbox may connect to; widens unless origins the older version already listed match every URL it matches (CSP rules: `https://*.example.com` matches `https://a.example.com`, `http:` also matches `https:`).',
  ),
  'capabilities.network.removed': kind(
    'capabilities',
    'An origin no longer listed; narrows unless the newer list still matches it.',
  ),
  'capabilities.props.added': kind('capabilities', 'A host prop the bridge now forwards: widens.'),
  'capabilities.props.removed': kind('capabilities', 'A host prop the bridge no longer forwards.'),
  'capabilities.events.added': kind('capabilities', 'An event the host now accepts from the extension: widens.'),
  'capabilities.events.removed': kind('capabilities', 'An event the host no longer accepts.'),
  'capabilities.size.changed': kind('capabilities', 'The frame height asked for was added, removed or changed.'),

  'contributes.declared': kind(
    'contributes',
    'The older version had no `contributes` (legacy: loads where its element is placed, and in the console with the shell); the newer one declares where it loads. Each placement outside the legacy reach is reported as added, and widens.',
  ),
  'contributes.undeclared': kind(
    'contributes',
    'The newer version has no `contributes`: legacy, it loads wherever its element is placed, and in the console with the shell: widens.',
  ),
  'contributes.site.components.added': kind('contributes', 'A component the extension places on sites: widens.'),
  'contributes.site.components.removed': kind(
    'contributes',
    'A component no longer declared; placed instances stop loading.',
  ),
  'contributes.site.features.added': kind('contributes', 'A site feature (site-wide runtime): widens.'),
  'contributes.site.features.removed': kind('contributes', 'A site feature no longer declared.'),
  'contributes.site.functionBindings.added': kind(
    'contributes',
    'A component may now call a function named by one of its props: widens.',
  ),
  'contributes.site.functionBindings.removed': kind('contributes', 'A function binding no longer declared.'),
  'contributes.site.functionBindings.changed': kind(
    'contributes',
    'A function binding reads its function name from another prop.',
  ),
  'contributes.console.slots.added': kind('contributes', 'A console slot the extension loads in: widens.'),
  'contributes.console.slots.removed': kind('contributes', 'A console slot no longer declared.'),
  'contributes.console.routes.added': kind('contributes', 'A console route: widens.'),
  'contributes.console.routes.removed': kind('contributes', 'A console route no longer declared.'),
  'contributes.console.orgRoutes.added': kind('contributes', 'An organization-level console route: widens.'),
  'contributes.console.orgRoutes.removed': kind(
    'contributes',
    'An organization-level console route no longer declared.',
  ),
  'contributes.console.shell.added': kind('contributes', 'The extension now loads as the console shell: widens.'),
  'contributes.console.shell.removed': kind('contributes', 'The extension no longer loads as the console shell.'),

  'restrictParent.added': kind(
    'lineage',
    'A component the extension may now be placed in, added to an existing restriction: widens.',
  ),
  'restrictParent.removed': kind('lineage', 'A parent it may no longer be placed in.'),
  'restrictParent.lifted': kind('lineage', 'No `restrictParent` any more: it may be placed in any component: widens.'),
  'restrictParent.imposed': kind('lineage', 'A new `restrictParent`: it may be placed only in the components listed.'),
  'restrictChildren.added': kind(
    'lineage',
    "A component it may now contain (editor lineage; not the extension's own reach).",
  ),
  'restrictChildren.removed': kind('lineage', 'A component it may no longer contain.'),
  'restrictChildren.lifted': kind('lineage', 'No `restrictChildren` any more: it may contain any component.'),
  'restrictChildren.imposed': kind('lineage', 'A new `restrictChildren`: it may contain only the components listed.'),

  'config.fields.added': kind(
    'config',
    'A setting installers can change: widens, since installers are asked for something new (an address, a key) and a reviewer looks at it.',
  ),
  'config.fields.removed': kind('config', 'A setting no longer read; values installers saved for it are ignored.'),
  'config.fields.type_changed': kind(
    'config',
    'A setting of another type; saved values of the older type may no longer fit.',
  ),
  'config.fields.label_changed': kind('config', 'A setting shown under another label.'),
  'config.fields.range_changed': kind('config', 'A number setting with another `min` or `max`.'),
  'config.fields.options_changed': kind('config', 'A select setting with other options.'),
  'config.defaults.added': kind('config', 'A default value for a setting.'),
  'config.defaults.removed': kind('config', 'A default value no longer given.'),
  'config.defaults.changed': kind('config', 'Another default value.'),

  'bundle.size.changed': kind('bundle', "The bundle's bytes (raw and gzipped), when both sides are artifacts."),

  'unknown.added': kind(
    'other',
    'A member the kit does not know (the validator drops it; only a manifest that was not normalized has one); under `capabilities` or `contributes` it counts as widening, since the kit cannot tell what it grants.',
  ),
  'unknown.removed': kind('other', 'A member the kit does not know, removed.'),
  'unknown.changed': kind(
    'other',
    'A member the kit does not know, changed; widens under `capabilities` or `contributes`.',
  ),
} as const satisfies Record<string, ChangeKind>;

export type ChangeCode = keyof typeof CHANGES;
