/**
 * Encryption of platform tokens at rest: AES-256-GCM with a data key. In AWS the key comes from
 * TOKEN_KEY (a KMS-encrypted data key decrypted at cold start is the deploy-time choice, docs/deploy.md);
 * locally a key generated into the git-ignored .local folder or a fixed development key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

function key(): Buffer {
  return createHash('sha256').update(process.env.TOKEN_KEY ?? 'commentguard-local-development-key').digest();
}

export function encryptToken(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), data.toString('base64')].join('.');
}

export function decryptToken(sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) throw new Error('unknown token format');
  const d = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]).toString('utf8');
}
