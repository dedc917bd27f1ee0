// @extkit/testing in the browser run (the "browser" condition of its exports): the same API as in
// jsdom, render() mounting in a real sandboxed frame in Chromium (./render.ts).
import { afterEach } from 'vitest';
import '../matchers.js';
import { cleanup } from '../view.js';

afterEach(() => cleanup());

export { render } from './render.js';
export { cleanup } from '../view.js';
export { emulator } from './emulator.js';
export type { EmulatorInfo, FileEmulator } from '../emulator/info.js';
export type { ApiTarget } from '../api.js';
export { TestingError, type TestingErrorCode } from '../errors.js';
export type { ExtkitMatchers } from '../matchers.js';
export type * from '../types.js';
