/** cognito-local (Cognito user pools) in a child process, with the pool and app client the app uses. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand, CreateUserPoolCommand, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY } from '@cg/shared';
import { startChild, type Child } from './child.js';
import { waitFor } from './ports.js';

const require = createRequire(import.meta.url);

export interface CognitoIds { userPoolId: string; clientId: string }

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function startCognito(port: number, dataDir: string): Promise<Child & { endpoint: string; ids: CognitoIds }> {
  mkdirSync(join(dataDir, '.cognito'), { recursive: true });
  // Usernames are our user ids (emails live in the table), so turn off cognito-local's email-as-username default.
  writeFileSync(join(dataDir, '.cognito', 'config.json'), JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }));
  const bin = require.resolve('cognito-local/lib/bin/start.js');
  // cognito-local keeps its data in ./.cognito of its working directory.
  const child = startChild('cognito-local', process.execPath, [bin], { cwd: dataDir, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' } });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = cognitoClient(endpoint);
  await waitFor('cognito-local', () => client.send(new ListUserPoolsCommand({ MaxResults: 1 })), 60_000, child.exited);
  const ids = await ensurePool(client, join(dataDir, 'ids.json'));
  return { ...child, endpoint, ids };
}

async function ensurePool(client: CognitoIdentityProviderClient, idsFile: string): Promise<CognitoIds> {
  if (existsSync(idsFile)) return JSON.parse(readFileSync(idsFile, 'utf8')) as CognitoIds;
  const pool = await client.send(new CreateUserPoolCommand({
    PoolName: 'commentguard-local',
    UsernameAttributes: [],
    Policies: { PasswordPolicy: { MinimumLength: PASSWORD_POLICY.minLength, RequireLowercase: PASSWORD_POLICY.requireLowercase, RequireUppercase: PASSWORD_POLICY.requireUppercase, RequireNumbers: PASSWORD_POLICY.requireDigits, RequireSymbols: PASSWORD_POLICY.requireSymbols } },
  }));
  const userPoolId = pool.UserPool!.Id!;
  const app = await client.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }));
  const ids = { userPoolId, clientId: app.UserPoolClient!.ClientId! };
  writeFileSync(idsFile, JSON.stringify(ids));
  return ids;
}
