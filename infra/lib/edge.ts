/**
 * What CloudFront does to /api/* and /webhooks/* requests before API Gateway sees them, declared once
 * for the distribution (web.ts) and the local gateway (infra/local/gateway.ts): only these viewer
 * headers (and every cookie) are passed on, the viewer's Host goes on as X-Forwarded-Host (the
 * ForwardHost function), and CloudFront adds CloudFront-Viewer-Address ("ip:port").
 */
export const API_VIEWER_HEADERS = [
  'CloudFront-Viewer-Address', 'Content-Type', 'Origin', 'X-Forwarded-Host', 'Stripe-Signature', 'X-Hub-Signature-256', 'Accept', 'User-Agent', 'Referer',
] as const;
