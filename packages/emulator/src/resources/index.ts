// The route table: one handler per operation id of the catalog.
import type { Handler } from '../context.js';
import { commerce } from './commerce.js';
import { companies } from './companies.js';
import { contacts } from './contacts.js';
import { datasets } from './datasets.js';
import { deals } from './deals.js';
import { leads } from './leads.js';
import { formSubmissions } from './form-submissions.js';
import { media } from './media.js';
import { records } from './records.js';
import { service } from './service.js';
import { sites } from './sites.js';
import { work } from './work.js';

export const handlers: Record<string, Handler> = {
  ...service,
  ...datasets,
  ...records,
  ...sites,
  ...formSubmissions,
  ...media,
  ...contacts,
  ...companies,
  ...deals,
  ...work,
  ...leads,
  ...commerce,
};
