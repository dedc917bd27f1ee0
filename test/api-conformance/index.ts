// The conformance suite: the documented behaviours as HTTP scenarios over a base URL and keys.
import { conventions } from './conventions.js';
import { crm } from './crm.js';
import { resources } from './resources.js';
import type { Scenario } from './target.js';
import { webhooks } from './webhooks.js';

export type { ConformanceTarget, KeyProfile, Scenario } from './target.js';

export const scenarios: Scenario[] = [...conventions, ...resources, ...crm, ...webhooks];
