/** `npm start`: the whole product locally on its embedded defaults; prints one URL and a demo login. */
import { join } from 'node:path';
import { MissingJava } from './dynamodb.js';
import { portIsFree } from './ports.js';
import { REPO_ROOT, startStack } from './stack.js';

export const DEMO = { email: 'demo@commentguard.local', password: 'DemoPass123', firstName: 'Demo', lastName: 'Moderator' };

async function ensureDemoAccount(url: string): Promise<void> {
  const res = await fetch(`${url}/api/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO) });
  if (res.status !== 201 && res.status !== 409) throw new Error(`Could not create the demo account: ${res.status} ${await res.text()}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const wanted = Number(process.env.PORT ?? 3000);
  const port = (await portIsFree(wanted)) ? wanted : undefined;
  if (!port) console.log(`Port ${wanted} is busy; choosing a free one.`);
  const stack = await startStack({ dataDir: join(REPO_ROOT, '.local'), persist: true, port, liveCommentsMs: Number(process.env.LIVE_COMMENTS_MS ?? 45_000), schedules: true, log: (l) => console.log(l), env: { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'INFO' } });
  await ensureDemoAccount(stack.url);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nPagewarden is running at ${stack.url}  (ready in ${seconds} s)`);
  console.log(`Meta sandbox: ${stack.sandbox.url}  (its /__control API posts comments and shows what the app did on the page)`);
  console.log(`Demo login: ${DEMO.email} / ${DEMO.password}`);
  console.log(`Mail it sends (verification and reset codes, invitations) is caught at ${stack.mailUrl}`);
  console.log('Press Ctrl-C to stop.\n');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof MissingJava) console.error(`\n${err.message}\n`);
  else console.error(`\nCould not start Pagewarden: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
