/** Meta configuration: Graph base URL, API version, login dialog host and app credentials, from env. */
export interface MetaConfig {
  /** e.g. https://graph.facebook.com (no version, no trailing slash). */
  graphUrl: string;
  /** e.g. v26.0 — the one place the Graph API version lives. */
  apiVersion: string;
  /** Host of the Facebook Login dialog, e.g. https://www.facebook.com (the sandbox serves it on graphUrl). */
  dialogUrl: string;
  appId: string;
  appSecret: string;
}

export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_API_VERSION = 'v26.0';
export const DEFAULT_DIALOG_URL = 'https://www.facebook.com';

export function metaConfigFromEnv(env: Record<string, string | undefined> = process.env): MetaConfig {
  const graphUrl = (env.META_GRAPH_URL || DEFAULT_GRAPH_URL).replace(/\/+$/, '');
  return {
    graphUrl,
    apiVersion: env.META_API_VERSION || DEFAULT_API_VERSION,
    // Locally the sandbox serves the dialog on the Graph host, so default to it when META_GRAPH_URL is overridden.
    dialogUrl: (env.META_DIALOG_URL || (env.META_GRAPH_URL ? graphUrl : DEFAULT_DIALOG_URL)).replace(/\/+$/, ''),
    appId: env.META_APP_ID ?? '',
    appSecret: env.META_APP_SECRET ?? '',
  };
}
