// @extkit/emulator/marketplace: a marketplace's client side (publish, staff actions,
// installs and the installed artifact's load decision). It loads no storage engine.
export { DEFAULT_MARKETPLACE, marketplaceOrigin } from './http.js';
export { publishExtension, type PublishExtensionOptions, type PublishExtensionResult } from './extension.js';
export { publishArtifact, localPublisherKey, readUpload, type PublishOptions, type PublishResult } from './publish.js';
export {
  staffAction,
  staffListings,
  generateStaffKey,
  registerStaffKey,
  signVersion,
  type StaffListing,
  type StaffResult,
} from './staff.js';
export { installListing, fetchInstalled, localApiKey, type Install, type InstalledArtifact } from './installed.js';
export { refusals, type MarketplaceDiagnostic, type RefusalCode } from '../refusals.js';
export { transitions, nextStep, type ListingState, type StaffAction } from '../lifecycle.js';
export { downloadVersion } from './version.js';
