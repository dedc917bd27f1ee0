// The one authored source of the manifest's structure. From it come the
// published JSON Schema (schemas/manifest.schema.json), the compiled structural
// check (structural.generated.js) and the `Manifest` type; `pnpm generate`
// rewrites the generated files and a test fails when they drift.
// Rules that need more than structure (namespaces, origins, coercion) live in rules/.
// This module is loaded only by the generator and by type checking, never by
// the validator at run time (zod costs start-up time).
import { z } from 'zod';
import { COMPONENT_ID, CONFIG_FIELD_TYPES, KEBAB_CASE, MAX_CONFIG_FIELDS, PROP_NAME, SEMVER } from './patterns.js';

const strings = (description: string) => z.array(z.string().min(1)).meta({ description });

const option = z
  .strictObject({
    value: z
      .union([z.string(), z.number(), z.boolean()])
      .meta({ description: 'The value stored when this option is chosen.' }),
    label: z.string().meta({ description: 'What the settings panel shows for this option.' }),
  })
  .meta({ description: 'One choice of a select field.' });

const configField = z
  .strictObject({
    key: z.string().min(1).meta({ description: 'The config key the extension reads; unique among the fields.' }),
    label: z.string().meta({ description: 'What the settings panel shows beside the control.' }),
    type: z
      .enum(CONFIG_FIELD_TYPES)
      .meta({ description: 'string, number, boolean or select; a field of any other type is dropped.' }),
    min: z.number().optional().meta({ description: 'Smallest value of a number field.' }),
    max: z.number().optional().meta({ description: 'Largest value of a number field.' }),
    options: z.array(option).optional().meta({ description: 'The choices of a select field (required for select).' }),
  })
  .meta({ description: 'A setting the installer can change.' });

export const manifestSchema = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .meta({ description: 'Editor hint: the JSON Schema of this file. Ignored by the platform.' }),
    id: z
      .string()
      .regex(new RegExp(KEBAB_CASE))
      .meta({ description: 'Stable kebab-case id of the extension; never renamed.' }),
    name: z.string().min(1).max(80).meta({ description: 'Display name, at most 80 Unicode code points.' }),
    version: z
      .string()
      .regex(new RegExp(SEMVER))
      .meta({ description: 'Semantic version (semver.org); every publish is a new, greater version.' }),
    entry: z
      .string()
      .min(1)
      .meta({ description: 'Relative path of the bundle inside the artifact, e.g. "dist/index.js". No URLs.' }),
    hostAbi: z
      .int()
      .min(1)
      .meta({ description: 'The host ABI generation this version is built for; a mismatch never loads.' }),
    description: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'What the extension does, at most 500 Unicode code points.' }),
    capabilities: z
      .strictObject({
        network: z.array(z.string()).optional().meta({
          description: 'Origins (scheme://host[:port]) the sandbox may connect to: its connect-src allowlist.',
        }),
        props: strings('Host props the bridge forwards; undeclared props are dropped.').optional(),
        events: strings('Events the host accepts; undeclared events are dropped.').optional(),
        size: z
          .strictObject({ height: z.int().min(1).meta({ description: 'Frame height in CSS pixels.' }) })
          .optional()
          .meta({ description: 'The frame size the extension asks for.' }),
      })
      .optional()
      .meta({ description: 'What the extension may do in its sandbox.' }),
    contributes: z
      .strictObject({
        site: z
          .strictObject({
            components: z
              .array(z.string().regex(new RegExp(COMPONENT_ID)))
              .optional()
              .meta({ description: 'Component ids, each <publisher handle>.<manifest id>.<role>.' }),
            features: strings('Site feature (runtime) ids.').optional(),
            functionBindings: z
              .record(z.string(), z.string().regex(new RegExp(PROP_NAME)))
              .optional()
              .meta({ description: 'Component id to the name of the prop that holds a function name.' }),
          })
          .optional()
          .meta({
            description:
              'What the extension places on a site: components (editor blocks), features (site-wide runtime) and their function bindings.',
          }),
        console: z
          .strictObject({
            slots: strings('Console slot ids.').optional(),
            routes: strings('Console routes, each a path starting with "/".').optional(),
            orgRoutes: strings('Organization-level console routes, each a path starting with "/".').optional(),
            shell: z.boolean().optional().meta({ description: 'Whether the extension loads as the console shell.' }),
          })
          .optional()
          .meta({
            description: 'What the extension places in the console: slots, routes, organization routes and the shell.',
          }),
      })
      .optional()
      .meta({ description: 'Where the extension loads. {} declares nothing: it loads nowhere.' }),
    restrictParent: strings('Editor lineage: component ids this component may be placed in.').optional(),
    restrictChildren: strings('Editor lineage: component ids this component may contain.').optional(),
    config: z
      .strictObject({
        fields: z
          .array(configField)
          .optional()
          .meta({ description: `Settings; at most ${MAX_CONFIG_FIELDS} are read.` }),
        defaults: z
          .record(z.string(), z.unknown())
          .optional()
          .meta({ description: "Default values by field key, coerced to the field's type." }),
      })
      .optional()
      .meta({ description: 'Settings the installer can change.' }),
  })
  .meta({ title: 'extkit extension manifest', description: 'manifest.json of a platform extension.' });

/** A manifest as the validator returns it: normalized, every kept field of its declared type. */
export type Manifest = z.output<typeof manifestSchema>;
export type ConfigField = z.output<typeof configField>;
export type ConfigFieldType = (typeof CONFIG_FIELD_TYPES)[number];
