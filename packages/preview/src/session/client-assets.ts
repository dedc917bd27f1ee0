// The two scripts the preview itself serves: the host page's app and the
// frame's transport (the runtime's connectFrame). Bundled once per process.
import { fileURLToPath } from 'node:url';
import { previewOptions } from './build.js';
import { loadEsbuild } from './esbuild.js';

export interface ClientAssets {
  /** The host page's script. */
  host: string;
  /** The frame's lockdown and transport, run before the extension's bundle. */
  bridge: string;
}

let assets: Promise<ClientAssets> | undefined;

/** Bundles the host app and the frame transport (minified) once; later calls share the result. */
export function clientAssets(): Promise<ClientAssets> {
  assets ??= (async () => {
    const esbuild = await loadEsbuild();
    const here = fileURLToPath(new URL('.', import.meta.url));
    const bundle = (entry: Record<string, unknown>) =>
      esbuild.build({
        ...previewOptions(here, 'unused.js'),
        sourcemap: false,
        minify: true,
        entryPoints: undefined,
        outfile: undefined,
        ...entry,
      });
    const [host, bridge] = await Promise.all([
      // The host page resolves the kit's packages as the preview does (their exports maps, @extkit/runtime/tool-ui
      // included); the alias of an extension's build points @extkit/runtime at one file and would break subpaths.
      bundle({ entryPoints: [fileURLToPath(new URL('../host/main.js', import.meta.url))], alias: {} }),
      bundle({ entryPoints: [fileURLToPath(new URL('../sandbox/frame-entry.js', import.meta.url))] }),
    ]);
    return { host: host.outputFiles?.[0]?.text ?? '', bridge: bridge.outputFiles?.[0]?.text ?? '' };
  })();
  return assets;
}
