/** The API handler's auth routes with AWS faults simulated by aws-sdk-client-mock (Cognito and DynamoDB). */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminDeleteUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand, AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

process.env.TABLE_NAME = 'T';
process.env.COGNITO_USER_POOL_ID = 'us-east-1_test';
process.env.COGNITO_CLIENT_ID = 'client';
const { handler } = await import('../../src/handlers/api.js');

const cognito = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);

function event(method: string, path: string, body?: unknown, contentType = 'application/json'): APIGatewayProxyEvent {
  return {
    httpMethod: method, path, resource: path, headers: { 'Content-Type': contentType }, multiValueHeaders: {}, queryStringParameters: null,
    multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null, isBase64Encoded: false,
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { identity: { sourceIp: '10.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
  };
}
const call = (e: APIGatewayProxyEvent) => handler(e, {} as never) as Promise<APIGatewayProxyResult>;

beforeEach(() => {
  // Prepare: rate-limit counters answer 1 attempt; no account exists yet.
  cognito.reset();
  ddb.reset();
  ddb.on(UpdateCommand).resolves({ Attributes: { attempts: 1 } });
  ddb.on(GetCommand).resolves({});
});

describe('POST /api/register', () => {
  // The happy path runs against the real engines in test/integration/auth.test.ts; these are the faults.
  it('a DynamoDB fault after sign-up removes the Cognito user and answers 500 without detail', async () => {
    cognito.on(AdminCreateUserCommand).resolves({}).on(AdminSetUserPasswordCommand).resolves({}).on(AdminDeleteUserCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    const res = await call(event('POST', '/api/register', { email: 'a@b.co', password: 'Passw0rdOK' }));
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ message: 'Internal server error' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('a race on the email (condition failure) is a 409 and undoes the identity', async () => {
    cognito.on(AdminCreateUserCommand).resolves({}).on(AdminSetUserPasswordCommand).resolves({}).on(AdminDeleteUserCommand).resolves({});
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }));
    const res = await call(event('POST', '/api/register', { email: 'a@b.co', password: 'Passw0rdOK' }));
    expect(res.statusCode).toBe(409);
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it("Cognito's password policy refusal is a 400 with its reason", async () => {
    cognito.on(AdminCreateUserCommand).rejects(Object.assign(new Error('Password did not conform with policy: Password must have symbol characters'), { name: 'InvalidPasswordException' }));
    const res = await call(event('POST', '/api/register', { email: 'a@b.co', password: 'Passw0rdOK' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toContain('symbol');
  });

  it('the rate limit answers 429 before calling Cognito', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { attempts: 11 } });
    const res = await call(event('POST', '/api/register', { email: 'a@b.co', password: 'Passw0rdOK' }));
    expect(res.statusCode).toBe(429);
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('request validation', () => {
  it('415 without a JSON content type, 400 for malformed JSON', async () => {
    expect((await call(event('POST', '/api/login', 'x=1', 'text/plain'))).statusCode).toBe(415);
    const bad = await call(event('POST', '/api/login', '{oops'));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).message).toBe('Malformed JSON body');
  });
  it('a form post to a route without a body is a 415 too', async () => {
    expect((await call(event('POST', '/api/logout', 'a=1', 'application/x-www-form-urlencoded'))).statusCode).toBe(415);
    expect((await call(event('POST', '/api/logout'))).statusCode).toBe(200);
  });
  it('unknown route is a 404', async () => {
    expect((await call(event('GET', '/api/nope'))).statusCode).toBe(404);
  });
  it('a protected route without a session is a 401', async () => {
    expect((await call(event('GET', '/api/user'))).statusCode).toBe(401);
  });
  it('wrong credentials are a 401 with the spec message', async () => {
    ddb.on(GetCommand).resolves({ Item: { userId: 'u1' } });
    cognito.on(InitiateAuthCommand).rejects(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    const res = await call(event('POST', '/api/login', { email: 'a@b.co', password: 'whatever' }));
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).message).toBe('Invalid email or password');
  });
});
