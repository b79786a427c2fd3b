/**
 * How each Lambda is packaged, declared once for CDK's bundling and `npm run build`'s size report:
 * SDKs that load only when their keys are configured ship as node_modules beside the bundle, and
 * JSON (the analyser's model) ships as a file read at cold start, so the code bundle stays small.
 */
export const SHIPPED_NODE_MODULES: Record<string, string[]> = {
  // The common-password list (about 240 KB) loads only when a password is set.
  api: ['stripe', 'fxa-common-password-list'],
  webhooks: ['stripe'],
  analyser: ['openai'],
};

export const JSON_LOADER = { '.json': 'copy' } as const;
