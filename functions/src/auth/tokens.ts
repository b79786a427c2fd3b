/**
 * Access-token verification with aws-jwt-verify: Cognito's verifier in AWS; against cognito-local,
 * the generic RSA verifier with its issuer and JWKS (design facts: a fetcher that allows http).
 */
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { SimpleFetcher } from 'aws-jwt-verify/https';
import { config } from '../config.js';

export interface VerifiedToken { userId: string }

type Verify = (token: string) => Promise<{ username?: unknown; sub?: unknown; [k: string]: unknown }>;
let verifier: Verify | undefined;

/** Plain-http JWKS fetcher for cognito-local. */
class LocalFetcher extends SimpleFetcher {
  override async fetch(uri: string): Promise<ArrayBuffer> {
    const res = await fetch(uri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    return res.arrayBuffer();
  }
}

function getVerifier(): Verify {
  if (verifier) return verifier;
  const local = config.cognitoEndpoint;
  if (local) {
    const issuer = `${local.replace(/\/$/, '')}/${config.userPoolId}`;
    const v = JwtRsaVerifier.create(
      { issuer, jwksUri: `${issuer}/.well-known/jwks.json`, audience: null, customJwtCheck: ({ payload }) => { if (payload.token_use !== 'access') throw new Error('not an access token'); } },
      { jwksCache: new SimpleJwksCache({ fetcher: new LocalFetcher() }) },
    );
    verifier = (t) => v.verify(t) as ReturnType<Verify>;
  } else {
    const v = CognitoJwtVerifier.create({ userPoolId: config.userPoolId, tokenUse: 'access', clientId: config.userPoolClientId });
    verifier = (t) => v.verify(t) as ReturnType<Verify>;
  }
  return verifier;
}

/** The user id (the Cognito username) from a valid access token; throws when invalid or expired. */
export async function verifyAccessToken(token: string): Promise<VerifiedToken> {
  const payload = await getVerifier()(token);
  const userId = typeof payload.username === 'string' ? payload.username : typeof payload['cognito:username'] === 'string' ? payload['cognito:username'] as string : undefined;
  if (!userId) throw new Error('token has no username');
  return { userId };
}
