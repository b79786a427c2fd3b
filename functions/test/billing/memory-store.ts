/**
 * A fake of the store port's billing, workspace and user areas, bound with bindStore (no module
 * mocking): billing's domain rules tested in memory. The DynamoDB adapter has its own integration tests.
 */
import type { WorkspaceRecord } from '../../src/domain/model.js';
import { bindStore, type StorePort } from '../../src/domain/store-port.js';

export const state = {
  workspaces: new Map<string, WorkspaceRecord>(),
  accounts: new Map<string, { customerId: string | null; subscriptionId: string | null }>(),
  customers: new Map<string, string>(),
  events: new Set<string>(),
};

export function reset(): void {
  state.workspaces.clear(); state.accounts.clear(); state.customers.clear(); state.events.clear();
}

export function addWorkspace(id: string, patch: Partial<WorkspaceRecord> = {}): WorkspaceRecord {
  const ws: WorkspaceRecord = {
    id, name: `${id}'s workspace`, ownerId: `owner-${id}`, ownerEmail: `${id}@example.com`, subscriptionPlan: 'starter', subscriptionStatus: 'none',
    cancelAt: null, currentPeriodEnd: null, notice: null, autoAnalyze: true, trialEndsAt: null, createdAt: '2026-11-01T00:00:00.000Z', ...patch,
  };
  state.workspaces.set(id, ws);
  return ws;
}

export const workspacesModule = {
  getWorkspace: async (id: string) => (state.workspaces.has(id) ? { ...state.workspaces.get(id)! } : null),
  setWorkspaceFields: async (id: string, fields: Partial<WorkspaceRecord>) => {
    const ws = state.workspaces.get(id);
    if (!ws) throw Object.assign(new Error('no workspace'), { name: 'ConditionalCheckFailedException' });
    state.workspaces.set(id, { ...ws, ...fields });
  },
  getMember: async (workspaceId: string, userId: string) =>
    (state.workspaces.get(workspaceId)?.ownerId === userId ? { workspaceId, userId, email: `${userId}@example.com`, role: 'owner' as const, joinedAt: '2026-11-01T00:00:00.000Z' } : null),
};

/** The owner's profile, for routes that answer with the signed-in user. */
export const usersModule = {
  getProfile: async (userId: string) => ({ id: userId, email: `${userId}@example.com`, firstName: 'T', lastName: 'U', emailVerified: true, createdAt: '2026-11-01T00:00:00.000Z', lastWorkspaceId: null }),
};

export const billingModule = {
  getBillingAccount: async (workspaceId: string) => state.accounts.get(workspaceId) ?? null,
  saveCustomer: async (workspaceId: string, customerId: string) => {
    state.accounts.set(workspaceId, { subscriptionId: null, ...state.accounts.get(workspaceId), customerId });
    state.customers.set(customerId, workspaceId);
  },
  saveSubscriptionId: async (workspaceId: string, subscriptionId: string) => {
    state.accounts.set(workspaceId, { customerId: null, ...state.accounts.get(workspaceId), subscriptionId });
  },
  deleteBillingAccount: async (workspaceId: string, customerId: string | null) => {
    state.accounts.delete(workspaceId);
    if (customerId) state.customers.delete(customerId);
  },
  workspaceIdForCustomer: async (customerId: string) => state.customers.get(customerId) ?? null,
  claimEvent: async (id: string) => (state.events.has(id) ? false : (state.events.add(id), true)),
  releaseEvent: async (id: string) => { state.events.delete(id); },
};

/** Binds this fake as the domain's store (areas billing tests never touch are absent). */
export function bindMemoryStore(): void {
  bindStore({ workspaces: workspacesModule, users: usersModule, billing: billingModule } as unknown as StorePort);
}
