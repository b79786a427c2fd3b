/** CLI: `npx tsx infra/local/meta-sandbox/main.ts` — starts the sandbox from environment variables. */
import { startMetaSandbox } from './server.js';

const env = process.env;
const sandbox = await startMetaSandbox({
  port: Number(env.META_SANDBOX_PORT ?? 4010),
  host: env.META_SANDBOX_HOST ?? '127.0.0.1',
  appId: env.META_APP_ID ?? 'sandbox-app-id',
  appSecret: env.META_APP_SECRET ?? 'sandbox-app-secret',
  webhookUrl: env.META_WEBHOOK_URL || undefined,
  verifyToken: env.META_VERIFY_TOKEN || undefined,
  liveIntervalMs: env.META_SANDBOX_LIVE_MS ? Number(env.META_SANDBOX_LIVE_MS) : undefined,
  seed: env.META_SANDBOX_SEED ? Number(env.META_SANDBOX_SEED) : undefined,
  publicUrl: env.META_SANDBOX_PUBLIC_URL || undefined,
});
const counts = sandbox.state.counts();
console.log(`Meta sandbox (Graph ${sandbox.graphVersion}) on ${sandbox.url} — ${counts.total} comments (${counts.facebook} Facebook, ${counts.instagram} Instagram)`);
console.log(`OAuth dialog: ${sandbox.url}/${sandbox.graphVersion}/dialog/oauth   control: ${sandbox.url}/__control/state`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
