/** The Meta (Facebook/Instagram Graph API) adapter behind the app's platform port. */
export * from './config.js';
export * from './types.js';
export * from './errors.js';
export * from './usage.js';
export * from './backoff.js';
export { GraphClient, type GraphClientOptions, type GraphResponseInfo, type PageOf, type Params } from './http.js';
export * from './auth.js';
export * from './pages.js';
export * from './normalise.js';
export * from './comments.js';
export * from './instagram.js';
export * from './ads.js';
export * from './actions.js';
export * from './webhooks.js';
