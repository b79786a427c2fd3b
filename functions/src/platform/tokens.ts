/**
 * Platform tokens encrypted at rest. In AWS (TOKEN_KEY_ID set) each token is encrypted with the KMS
 * key; otherwise with AES-256-GCM under TOKEN_KEY, or a development key in local runs only (a
 * Lambda without a key fails at start). The prefix says which.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { config } from '../config.js';
import { traced } from '../observability/index.js';

/** Why this process must not start: in Lambda with neither a KMS key (TOKEN_KEY_ID) nor TOKEN_KEY configured. */
export function missingTokenKey(env: Record<string, string | undefined> = process.env): string | null {
  if (!env.AWS_LAMBDA_FUNCTION_NAME || env.TOKEN_KEY_ID || env.TOKEN_KEY) return null;
  return `No token-encryption key is configured for ${env.AWS_LAMBDA_FUNCTION_NAME}: set TOKEN_KEY_ID (a KMS key, as the CDK stack does) or TOKEN_KEY. `
    + 'The development key is for local runs only.';
}

// Fail at cold start, before any platform token is sealed with a key that is public in this repository.
const problem = missingTokenKey();
if (problem) throw new Error(problem);

let kms: KMSClient | undefined;
const kmsClient = () => (kms ??= traced(new KMSClient({ region: config.region })));

function localKey(): Buffer {
  return createHash('sha256').update(config.opt('TOKEN_KEY') ?? 'commentguard-local-development-key').digest();
}

export async function encryptToken(plain: string): Promise<string> {
  const keyId = config.opt('TOKEN_KEY_ID');
  if (keyId) {
    const res = await kmsClient().send(new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plain, 'utf8') }));
    return `kms.${Buffer.from(res.CiphertextBlob!).toString('base64')}`;
  }
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', localKey(), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

export async function decryptToken(sealed: string): Promise<string> {
  if (sealed.startsWith('kms.')) {
    const res = await kmsClient().send(new DecryptCommand({ CiphertextBlob: Buffer.from(sealed.slice(4), 'base64') }));
    return Buffer.from(res.Plaintext!).toString('utf8');
  }
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('unknown token format');
  const d = createDecipheriv('aes-256-gcm', localKey(), Buffer.from(iv, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8');
}
