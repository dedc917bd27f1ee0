// The marketplace inside the emulator: publish, review, trust and installs (002, end).
export { marketplaceSchema, marketplaceTables } from './schema.js';
export { answerMarketplace, apiRoutes, adminRoutes } from './routes.js';
export { refusals, Refusal, type RefusalCode, type MarketplaceDiagnostic } from './refusals.js';
export { transitions, nextStep, BROWSABLE, type ListingState, type StaffAction } from './lifecycle.js';
export { listingVersions } from './listings.js';
