/** Configuration read from the environment, in one place. Local stand-ins are used when endpoints are set. */
function opt(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}
function req(name: string): string {
  const v = opt(name);
  if (!v) throw new Error(`Missing required environment variable ${name}`);
  return v;
}
function num(name: string, dflt: number): number {
  const v = opt(name);
  return v === undefined ? dflt : Number(v);
}

export const config = {
  get region() { return opt('AWS_REGION') ?? 'us-east-1'; },
  get tableName() { return req('TABLE_NAME'); },
  get dynamoEndpoint() { return opt('DYNAMODB_ENDPOINT'); },
  get userPoolId() { return req('COGNITO_USER_POOL_ID'); },
  get userPoolClientId() { return req('COGNITO_CLIENT_ID'); },
  /** cognito-local's URL; unset in AWS. */
  get cognitoEndpoint() { return opt('COGNITO_ENDPOINT'); },
  /** Secure cookies everywhere but plain-http local runs. */
  get cookieSecure() { return opt('COOKIE_SECURE') !== 'false'; },
  get rateLimitPerEmail() { return num('RATE_LIMIT_PER_EMAIL', 10); },
  get rateLimitPerIp() { return num('RATE_LIMIT_PER_IP', 100); },
  get rateLimitWindowSeconds() { return num('RATE_LIMIT_WINDOW_SECONDS', 900); },
  get wsEndpoint() { return opt('WS_ENDPOINT'); },
  opt,
  req,
  num,
};
