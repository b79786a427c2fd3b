/**
 * Local stand-ins for the AWS services the functions reach with no endpoint setting of their own:
 * Secrets Manager (GetSecretValue), SSM Parameter Store (GetParameter) and KMS (Encrypt, Decrypt),
 * on one 127.0.0.1 port that the functions reach through the SDK's standard AWS_ENDPOINT_URL_<SERVICE>
 * variables. So locally the functions read their secrets and encrypt tokens the way they do in AWS.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

export const LOCAL_ACCOUNT = '000000000000';

export interface StandIns {
  endpoint: string;
  /** The AWS_ENDPOINT_URL_* variables pointing the SDK's clients here. */
  endpointEnv: Record<string, string>;
  secretArn(name: string): string;
  keyArn: string;
  close(): Promise<void>;
}

export async function startAwsStandIns(opts: { region: string; secrets: Record<string, Record<string, string>>; parameters: Record<string, string> }): Promise<StandIns> {
  const { region } = opts;
  const secretArn = (name: string) => `arn:aws:secretsmanager:${region}:${LOCAL_ACCOUNT}:secret:${name}-local0`;
  const keyArn = `arn:aws:kms:${region}:${LOCAL_ACCOUNT}:key/00000000-0000-4000-8000-000000000000`;
  const key = createHash('sha256').update('pagewarden-local-kms-key').digest();

  const handlers: Record<string, (input: Record<string, any>) => [number, unknown]> = {
    'secretsmanager.GetSecretValue': ({ SecretId }) => {
      const name = Object.keys(opts.secrets).find((n) => SecretId === n || SecretId === secretArn(n));
      if (!name) return [400, { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }];
      return [200, { ARN: secretArn(name), Name: name, SecretString: JSON.stringify(opts.secrets[name]), VersionId: 'local', CreatedDate: 0 }];
    },
    'AmazonSSM.GetParameter': ({ Name }) => {
      const value = opts.parameters[Name];
      if (value === undefined) return [400, { __type: 'ParameterNotFound', message: `Parameter ${Name} not found.` }];
      return [200, { Parameter: { Name, Value: value, Type: 'String', Version: 1 } }];
    },
    'TrentService.Encrypt': ({ KeyId, Plaintext }) => {
      if (KeyId !== keyArn) return [400, { __type: 'NotFoundException', message: `Key '${KeyId}' does not exist` }];
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([c.update(Buffer.from(Plaintext, 'base64')), c.final()]);
      return [200, { CiphertextBlob: Buffer.concat([iv, c.getAuthTag(), data]).toString('base64'), KeyId: keyArn }];
    },
    'TrentService.Decrypt': ({ CiphertextBlob }) => {
      const blob = Buffer.from(CiphertextBlob, 'base64');
      try {
        const d = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
        d.setAuthTag(blob.subarray(12, 28));
        return [200, { Plaintext: Buffer.concat([d.update(blob.subarray(28)), d.final()]).toString('base64'), KeyId: keyArn }];
      } catch {
        return [400, { __type: 'InvalidCiphertextException', message: 'The ciphertext is not valid' }];
      }
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const handler = handlers[target];
      const [status, body] = handler ? handler(JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, any>) : [400, { __type: 'UnknownOperationException', message: `${target} is not served locally` }];
      res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    endpoint,
    endpointEnv: { AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint, AWS_ENDPOINT_URL_SSM: endpoint, AWS_ENDPOINT_URL_KMS: endpoint },
    secretArn, keyArn,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
