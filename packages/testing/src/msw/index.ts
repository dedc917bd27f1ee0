// @extkit/testing/msw: stub the platform API with msw in a test, by its operations and
// its envelopes. The handlers answer the extension's calls to the project's API base
// through the harness's own interception layer (@mswjs/interceptors, which msw shares):
// the sandbox's rules hold first, so a handler never answers a request the frame
// could not make.
export { platformHttp, type PlatformHttp } from './handlers.js';
export { apiError, deleted, listPage, paginate, rateLimitHeaders, rateLimited, validationFailed } from './envelopes.js';
