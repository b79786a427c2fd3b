/**
 * API Gateway usage plan adapter (domain/api-key-port.ts): each workspace API key becomes an API
 * Gateway API key whose value is the key's id (not its secret: the authorizer authenticates, the
 * value only names the key to the usage plan), added to the plan named API_KEYS_USAGE_PLAN_NAME.
 * Without that variable (the local stack) there is no API Gateway and nothing to do.
 */
import type { ApiKeyGatewayPort } from '../domain/api-key-port.js';

const gatewayKeyName = (keyId: string) => `pw-${keyId}`;

async function client() {
  const sdk = await import('@aws-sdk/client-api-gateway');
  return { sdk, api: new sdk.APIGatewayClient({}) };
}

let planId: Promise<string> | undefined;
/** The plan's id, looked up by name once per process. */
function usagePlanId(name: string): Promise<string> {
  planId ??= (async () => {
    const { sdk, api } = await client();
    for (let position: string | undefined; ;) {
      const page = await api.send(new sdk.GetUsagePlansCommand({ limit: 500, position }));
      const plan = page.items?.find((p) => p.name === name);
      if (plan?.id) return plan.id;
      if (!page.position) throw new Error(`API Gateway usage plan ${name} not found`);
      position = page.position;
    }
  })();
  planId.catch(() => { planId = undefined; });
  return planId;
}

export const usagePlanGateway: ApiKeyGatewayPort = {
  async register(keyId) {
    const plan = process.env.API_KEYS_USAGE_PLAN_NAME;
    if (!plan) return;
    const { sdk, api } = await client();
    const planIdNow = await usagePlanId(plan);
    const key = await api.send(new sdk.CreateApiKeyCommand({ name: gatewayKeyName(keyId), value: keyId, enabled: true }));
    await api.send(new sdk.CreateUsagePlanKeyCommand({ usagePlanId: planIdNow, keyId: key.id!, keyType: 'API_KEY' }));
  },
  async unregister(keyId) {
    if (!process.env.API_KEYS_USAGE_PLAN_NAME) return;
    const { sdk, api } = await client();
    const found = await api.send(new sdk.GetApiKeysCommand({ nameQuery: gatewayKeyName(keyId), limit: 5 }));
    for (const k of found.items ?? []) if (k.name === gatewayKeyName(keyId) && k.id) await api.send(new sdk.DeleteApiKeyCommand({ apiKey: k.id }));
  },
};
