/**
 * Local stand-ins for the AWS services the functions reach with no endpoint setting of their own:
 * Secrets Manager (GetSecretValue), SSM Parameter Store (GetParameter), KMS (Encrypt, Decrypt) and
 * S3 for the exports bucket (PutObject, DeleteObject, the functions' own GetObject; GetObject through presigned links, checked as S3 checks them:
 * SigV4 query signature with the local credentials, and expiry — a link past X-Amz-Expires is refused),
 * on one 127.0.0.1 port that the functions reach through the SDK's standard AWS_ENDPOINT_URL_<SERVICE>
 * variables. So locally the functions read their secrets and encrypt tokens the way they do in AWS.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export const LOCAL_ACCOUNT = '000000000000';

export interface StandIns {
  endpoint: string;
  /** The AWS_ENDPOINT_URL_* variables pointing the SDK's clients here. */
  endpointEnv: Record<string, string>;
  secretArn(name: string): string;
  keyArn: string;
  /** The exports bucket's name (EXPORTS_BUCKET). */
  bucket: string;
  close(): Promise<void>;
}

export const LOCAL_EXPORTS_BUCKET = 'pagewarden-local-exports';
/** The credentials every local function signs with (lambda/runtime.ts). */
const LOCAL_SECRET_KEY = 'local';

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why a presigned S3 GET is refused (null: it is valid now), as S3 checks it (SigV4, query parameters). */
export function presignedRefusal(method: string, rawUrl: string, host: string, region: string, now = Date.now()): string | null {
  const [rawPath, rawQuery = ''] = rawUrl.split('?', 2) as [string, string?];
  const params = rawQuery.split('&').filter(Boolean).map((kv) => {
    const i = kv.indexOf('=');
    const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, '%20'));
    return i < 0 ? [dec(kv), ''] : [dec(kv.slice(0, i)), dec(kv.slice(i + 1))];
  }) as [string, string][];
  const get = (k: string) => params.find(([n]) => n === k)?.[1];
  const [algorithm, credential, amzDate, expires, signedHeaders, signature] = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'].map(get);
  if (algorithm !== 'AWS4-HMAC-SHA256' || !credential || !amzDate || !expires || !signedHeaders || !signature) return 'Query-string authentication requires the X-Amz-Algorithm, Credential, Date, Expires, SignedHeaders and Signature parameters';
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!m) return 'X-Amz-Date is not a valid date';
  const signedAt = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  if (now > signedAt + Number(expires) * 1000) return 'Request has expired';
  if (signedAt > now + 15 * 60_000) return 'Request is not yet valid';
  const scope = credential.split('/').slice(1).join('/');
  const [day, scopeRegion, service] = scope.split('/');
  const canonicalQuery = params.filter(([k]) => k !== 'X-Amz-Signature').map(([k, v]) => [rfc3986(k), rfc3986(v)] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join('&');
  const headerNames = signedHeaders.split(';');
  if (headerNames.some((h) => h !== 'host')) return 'Only the host header may be signed in a download link';
  const canonical = [method, rawPath, canonicalQuery, `host:${host}\n`, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${LOCAL_SECRET_KEY}`, day!), scopeRegion ?? region), service ?? 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'The request signature we calculated does not match the signature you provided';
  return null;
}

/** A PutObject body: aws-chunked (streamed uploads) decoded, plain bodies as they are. */
function objectBody(body: Buffer, headers: http.IncomingHttpHeaders): Buffer {
  const streaming = String(headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING') || String(headers['content-encoding'] ?? '').includes('aws-chunked');
  if (!streaming) return body;
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(body.subarray(at, eol).toString().split(';')[0]!, 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
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

  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const s3 = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    const key = decodeURIComponent((req.url ?? '').split('?')[0]!.slice(`/${LOCAL_EXPORTS_BUCKET}/`.length));
    const error = (status: number, code: string, message: string) => {
      res.writeHead(status, { 'Content-Type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    };
    if (req.method === 'PUT') {
      const data = objectBody(body, req.headers);
      objects.set(key, { body: data, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { ETag: `"${createHash('md5').update(data).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method !== 'GET') return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    // A function's own GetObject (signed in its headers, as its PutObject) or a presigned download link.
    const refused = req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ') ? null : presignedRefusal('GET', req.url ?? '', String(req.headers.host ?? ''), region);
    if (refused) return error(403, 'AccessDenied', refused);
    const object = objects.get(key);
    if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.');
    const disposition = new URL(req.url ?? '', 'http://local').searchParams.get('response-content-disposition');
    res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.body.length, ...(disposition ? { 'Content-Disposition': disposition } : {}), 'Access-Control-Allow-Origin': '*' });
    res.end(object.body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if ((req.url ?? '').startsWith(`/${LOCAL_EXPORTS_BUCKET}/`)) return s3(req, res, Buffer.concat(chunks));
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
    endpointEnv: { AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint, AWS_ENDPOINT_URL_SSM: endpoint, AWS_ENDPOINT_URL_KMS: endpoint, AWS_ENDPOINT_URL_S3: endpoint },
    secretArn, keyArn, bucket: LOCAL_EXPORTS_BUCKET,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
