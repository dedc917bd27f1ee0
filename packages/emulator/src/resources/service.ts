// GET /v1, /v1/me, /v1/usage (000 §1).
import type { Handler } from '../context.js';
import { count } from '../store/objects.js';
import { monthOf, usedThisMonth } from '../rules/usage.js';

export const service: Record<string, Handler> = {
  'api.retrieve': async () => ({
    body: {
      object: 'api',
      name: 'extkit platform emulator',
      version: 'v1',
      documentation: 'https://github.com/extkit/extkit/blob/main/docs/emulator.md',
      resources: [
        'sites',
        'media',
        'contacts',
        'companies',
        'pipelines',
        'deals',
        'tasks',
        'activities',
        'leads',
        'email-templates',
        'datasets',
      ],
    },
  }),

  'me.retrieve': async (ctx) => ({ body: { object: 'api_key', org: ctx.org, scopes: ctx.scopes } }),

  // Members beyond `month` and `apiRequests` are not shown by 000; these are the kit's.
  'usage.retrieve': async (ctx) => {
    const used = await usedThisMonth(ctx.sql, ctx.org, ctx.now);
    const included = ctx.plan.includedRequests;
    const n = (kind: string): Promise<number> => count(ctx.sql, { org: ctx.org, kind });
    const [contacts, companies, deals, tasks, activities, templates, datasets] = await Promise.all(
      ['contact', 'company', 'deal', 'task', 'activity', 'email_template', 'dataset'].map(n),
    );
    return {
      body: {
        object: 'usage',
        month: monthOf(ctx.now),
        apiRequests: { used, included, remaining: Math.max(0, included - used), metered: true },
        datasets: { used: datasets, included: ctx.plan.datasets, metered: false },
        crmRecords: {
          used: contacts! + companies! + deals!,
          included: ctx.plan.crmRecords,
          metered: !ctx.plan.crmHardBand,
        },
        collections: { contacts, companies, deals, tasks, activities, emailTemplates: templates },
      },
    };
  },
};
