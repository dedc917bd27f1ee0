// `--seed demo`: a coherent organization, the same every time (a seeded PRNG, fixed
// instants, ids from the sequences), so tests and screenshots can name its ids.
import type { SeedData } from './load.js';
import { contentSeed } from './demo-content.js';
import { commerceSeed } from './demo-commerce.js';
import { crmSeed } from './demo-crm.js';
import { prng } from './demo-kit.js';

/** The demo organization: its families in the order they draw from one PRNG. */
export function demoSeed(): SeedData {
  const r = prng(20250106);
  return { ...contentSeed(r), ...crmSeed(r), ...commerceSeed() };
}
