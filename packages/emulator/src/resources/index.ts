// The route table: one handler per operation id of the catalog.
import type { Handler } from '../context.js';
import { datasets } from './datasets.js';
import { formSubmissions } from './form-submissions.js';
import { media } from './media.js';
import { records } from './records.js';
import { service } from './service.js';
import { sites } from './sites.js';

export const handlers: Record<string, Handler> = {
  ...service,
  ...datasets,
  ...records,
  ...sites,
  ...formSubmissions,
  ...media,
};
