// The hostile fixture (test/fixtures/preview-hostile) copied to a temporary folder, previewed without a
// watcher and opened in headless Chromium at 1280x800: the set-up the preview's flood benches share.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevServer } from '../packages/preview/dist/index.js';
import { launchBrowser } from '../test/helpers/browser.js';

export async function openHostilePreview(prefix: string) {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  cpSync(fileURLToPath(new URL('../test/fixtures/preview-hostile', import.meta.url)), tmp, { recursive: true });
  const server = await startDevServer({ dir: tmp, watch: false });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
  const close = async (): Promise<void> => {
    await browser.close();
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  };
  return { page, close };
}
