/**
 * What CloudFront does to /api/* and /webhooks/* requests before API Gateway sees them, declared once
 * for the distribution (web.ts) and the local gateway (infra/local/gateway.ts): only these viewer
 * headers (and every cookie) are passed on, the viewer's Host goes on as X-Forwarded-Host (the
 * ForwardHost function), and CloudFront adds CloudFront-Viewer-Address ("ip:port").
 */
export const API_VIEWER_HEADERS = [
  'CloudFront-Viewer-Address', 'Content-Type', 'Origin', 'X-Forwarded-Host', 'Stripe-Signature', 'X-Hub-Signature-256', 'Accept', 'User-Agent', 'Referer',
  // A caller's correlation id (functions/src/observability): on every log line of the request. Ten headers: CloudFront's limit per policy.
  'X-Correlation-Id',
] as const;

/**
 * Viewer headers CloudFront passes on through the API's cache policy instead (an origin request policy
 * may not name Authorization): the public API's `Authorization: Bearer <key>`. The policy's TTLs keep
 * nothing cached (and every API answer says Cache-Control: no-store).
 */
export const API_CACHE_KEY_HEADERS = ['Authorization'] as const;

/** Every viewer header that reaches the API. */
export const API_FORWARDED_HEADERS = [...API_VIEWER_HEADERS, ...API_CACHE_KEY_HEADERS] as const;
