/** In-memory stand-ins for store/users.js and store/billing.js, for domain tests (used through vi.mock). */
import type { User } from '@cg/shared';

export const state = {
  users: new Map<string, User>(),
  accounts: new Map<string, { customerId: string | null; subscriptionId: string | null }>(),
  customers: new Map<string, string>(),
  events: new Set<string>(),
};

export function reset(): void {
  state.users.clear(); state.accounts.clear(); state.customers.clear(); state.events.clear();
}

export function addUser(id: string, patch: Partial<User> = {}): User {
  const user: User = {
    id, email: `${id}@example.com`, firstName: 'T', lastName: 'U', subscriptionPlan: 'starter', subscriptionStatus: 'none',
    cancelAt: null, currentPeriodEnd: null, notice: null, autoAnalyze: true, createdAt: '2026-11-01T00:00:00.000Z', ...patch,
  };
  state.users.set(id, user);
  return user;
}

export const usersModule = {
  getUser: async (id: string) => (state.users.has(id) ? { ...state.users.get(id)! } : null),
  setUserFields: async (id: string, fields: Record<string, unknown>) => {
    const u = state.users.get(id);
    if (!u) throw Object.assign(new Error('no user'), { name: 'ConditionalCheckFailedException' });
    state.users.set(id, { ...u, ...fields } as User);
  },
};

export const billingModule = {
  getBillingAccount: async (userId: string) => state.accounts.get(userId) ?? null,
  saveCustomer: async (userId: string, customerId: string) => {
    state.accounts.set(userId, { subscriptionId: null, ...state.accounts.get(userId), customerId });
    state.customers.set(customerId, userId);
  },
  saveSubscriptionId: async (userId: string, subscriptionId: string) => {
    state.accounts.set(userId, { customerId: null, ...state.accounts.get(userId), subscriptionId });
  },
  userIdForCustomer: async (customerId: string) => state.customers.get(customerId) ?? null,
  claimEvent: async (id: string) => (state.events.has(id) ? false : (state.events.add(id), true)),
  releaseEvent: async (id: string) => { state.events.delete(id); },
};
