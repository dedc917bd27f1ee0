// emulator() in jsdom: the test page is Node's, so the admin surface is reached directly.
import type { FileEmulator } from './info.js';
import { fileEmulator } from './file.js';

/**
 * This test file's organization on the run's emulator: `{ baseUrl, apiKey, org, adminUrl }`; pass it as
 * render(id, { api: emulator() }) and to `new ServiceClient(emulator())`.
 * @example const view = render('acme.orders.route', { api: emulator() });
 */
export const emulator: () => FileEmulator = fileEmulator();
