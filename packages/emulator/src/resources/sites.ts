// Sites and publish (000 §2, §4).
import type { Ctx, Handler } from '../context.js';
import { ApiError, conflict, invalid } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { spendBudget } from '../rules/auth.js';
import { limits } from '../rules/limits.js';
import { newId } from '../store/ids.js';
import { count, insert } from '../store/objects.js';
import { isUniqueViolation, ownedSite, present, requiredText, wire } from './util.js';

const where = (ctx: Ctx) => ({ org: ctx.org, kind: 'site' });

/** Names the platform keeps for itself (the list is not shown; these are the kit's). */
export const reservedSubdomains = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'ftp',
  'cdn',
  'static',
  'assets',
  'console',
  'help',
  'support',
  'status',
  'blog',
  'docs',
  'dev',
  'test',
]);
const subdomainPattern = /^[a-z0-9][a-z0-9-]{2,29}$/;

/** Pages a publish refreshes at most per call (000 §8). */
const pagesPerPublish = 250;

export const sites: Record<string, Handler> = {
  'sites.list': async (ctx) => ({ body: await listPage(ctx.sql, ctx.query, { ...where(ctx), order: 'id', present }) }),

  'sites.retrieve': async (ctx) => ({ body: wire((await ownedSite(ctx, ctx.params.siteId!)).body) }),

  'sites.create': async (ctx) => {
    const displayName = requiredText(ctx.body.displayName, 'displayName', 80);
    const subdomain = ctx.body.subdomain;
    if (typeof subdomain !== 'string' || subdomain === '') throw invalid({ subdomain: 'is required' });
    if (!subdomainPattern.test(subdomain))
      throw invalid({
        subdomain: 'must be 3-30 lowercase letters, digits and hyphens, starting with a letter or digit',
      });
    if (reservedSubdomains.has(subdomain)) throw invalid({ subdomain: 'is reserved' });
    if (ctx.plan.sites !== null && (await count(ctx.sql, where(ctx))) >= ctx.plan.sites) {
      throw new ApiError(403, 'plan_required', `The plan's site limit (${ctx.plan.sites}) is reached`, {
        code: 'site_quota',
      });
    }
    await spendBudget(ctx.sql, `site-creates:${ctx.org}`, limits.siteCreates, ctx.now, 'site creates');
    const body = {
      id: await newId(ctx.sql, ctx.org, 'site', 'site'),
      object: 'site',
      displayName,
      subdomain,
      domain: null,
      __pages: 0,
    };
    try {
      await insert(ctx.sql, where(ctx), body.id, body, ctx.now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const free = [1, 2, 3].map((n) => `${subdomain.slice(0, 28)}-${n}`).join(', ');
      throw conflict('subdomain_taken', `The subdomain ${subdomain} is taken; free alternatives: ${free}`);
    }
    return { body: wire(body) };
  },

  'sites.publish': async (ctx) => {
    const site = await ownedSite(ctx, ctx.params.siteId!);
    await spendBudget(ctx.sql, `publishes:${site.id}`, limits.publishes, ctx.now, 'publishes of this site');
    const pages = Number(site.body.__pages ?? 0);
    return {
      body: {
        object: 'publish',
        site: site.id,
        published: pages > 0,
        reason: pages > 0 ? null : 'not_routed',
        pages: Math.min(pages, pagesPerPublish),
        pagesDropped: Math.max(0, pages - pagesPerPublish),
      },
    };
  },
};
