// The browser run's two requests from the test page to the plugin (./plugin.ts), named once for both ends.
import type { TestingErrorCode } from '../errors.js';
import type { Project } from '../project.js';

/** POST { test, manifest, publisher }: the project validated and built; answered synchronously to render(). */
export const PROJECT_PATH = '/__extkit/testing/project';
/** GET <token>?routing=...: the frame's document, with its Content-Security-Policy. */
export const FRAME_PATH = '/__extkit/testing/frame/';

export type ProjectAnswer =
  { ok: true; project: Project & { token: string } } | { ok: false; code: TestingErrorCode; message: string };
/** <the emulator's admin URL, encoded>/<path>: the test's own admin calls, made from Node for the test page. */
export const ADMIN_PATH = '/__extkit/testing/emulator/';
