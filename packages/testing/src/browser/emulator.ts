// emulator() in the browser run: the file's organization as in jsdom, its admin surface reached
// through the plugin (./plugin.ts), since the emulator's admin surface answers its own origin only
// and the test page is another one. The API itself answers a loopback page with CORS directly.
import { fileEmulator } from '../emulator/file.js';
import { ADMIN_PATH } from './routes.js';

/** This test file's organization on the run's emulator; see the jsdom emulator(). */
export const emulator = fileEmulator((info) => ({
  ...info,
  adminUrl: `${location.origin}${ADMIN_PATH}${encodeURIComponent(info.adminUrl)}`,
}));
