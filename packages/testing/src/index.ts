// @extkit/testing: render an extension's contributions under vitest + jsdom,
// held to the manifest's bridge rules exactly as the preview applies them.
import './auto-cleanup.js';
import './matchers.js';
import { installNetworkGuard } from './network.js';
import { installSandbox } from './sandbox.js';

installNetworkGuard();
installSandbox();

export { render } from './render.js';
export { cleanup } from './view.js';
export { emulator } from './emulator/jsdom.js';
export type { EmulatorInfo, FileEmulator } from './emulator/info.js';
export type { ApiTarget } from './api.js';
export { TestingError, type TestingErrorCode } from './errors.js';
export type { ExtkitMatchers } from './matchers.js';
export type {
  BindingCall,
  BlockedRequest,
  DeclaredConfig,
  DeclaredName,
  DeclaredProps,
  Dropped,
  EmittedEvent,
  EventName,
  RenderOptions,
  SandboxRefusal,
  SurfaceId,
  View,
} from './types.js';
