export { startDevServer } from './dev-server.js';
export { HOST_ABI } from './host-abi.js';
export type {
  EmulatorLink,
  BlockedRequest,
  DevServer,
  DevServerOptions,
  FileLocation,
  InstalledPreview,
  PlannedSurface,
  PreviewDiagnostic,
  PreviewState,
  SettingsField,
} from './types.js';
