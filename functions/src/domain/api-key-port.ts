/**
 * The API Gateway side of API keys (issue 11, item 9): in AWS each key is also registered in the
 * API Gateway usage plan for keys (the authorizer names it as the request's usage identifier), so
 * API Gateway throttles each key too. The adapter (functions/src/platform/usage-plan.ts) does
 * nothing where there is no API Gateway (the local stack: the per-key counter in DynamoDB is the limit).
 */
export interface ApiKeyGatewayPort {
  /** Registers the key id as an API Gateway API key in the usage plan for keys. */
  register(keyId: string, workspaceId: string): Promise<void>;
  unregister(keyId: string): Promise<void>;
}

const none: ApiKeyGatewayPort = { register: async () => undefined, unregister: async () => undefined };
let bound: ApiKeyGatewayPort = none;

export function bindApiKeyGateway(port: ApiKeyGatewayPort): void {
  bound = port;
}

export const apiKeyGateway = (): ApiKeyGatewayPort => bound;
