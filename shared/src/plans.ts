/** The subscription plans, declared once (design D11: the Pricing page figures are the truth everywhere). */
import type { PlanId } from './status.js';

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month. */
  price: number;
  /** Logical price id; mapped to a real Stripe price id by configuration (STRIPE_PRICE_*). */
  priceId: string;
  description: string;
  features: string[];
  popular: boolean;
  /** Brands (one Facebook page + its Instagram account each); null = unlimited. */
  brandLimit: number | null;
  /** Comments analysed per calendar month; null = unlimited. */
  monthlyAnalysisQuota: number | null;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter', name: 'Starter', price: 8.99, priceId: 'price_starter',
    description: 'For a single brand getting started with AI moderation',
    features: ['1 brand', 'AI comment analysis', 'Basic auto-replies', 'Email support'],
    popular: false, brandLimit: 1, monthlyAnalysisQuota: 5_000,
  },
  {
    id: 'growth', name: 'Growth', price: 14.99, priceId: 'price_growth',
    description: 'For growing businesses with several brands',
    features: ['3 brands', 'Advanced AI analysis', 'Custom auto-replies', 'Priority support', 'Analytics dashboard'],
    popular: true, brandLimit: 3, monthlyAnalysisQuota: 50_000,
  },
  {
    id: 'ultimate', name: 'Ultimate', price: 29.99, priceId: 'price_ultimate',
    description: 'For agencies and large teams',
    features: ['Unlimited brands', 'Advanced AI and customization', 'White-label options', 'Dedicated support', 'Custom integrations'],
    popular: false, brandLimit: null, monthlyAnalysisQuota: null,
  },
];

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function planByPriceId(priceId: string): Plan | undefined {
  return PLANS.find((p) => p.priceId === priceId);
}

/** Plans a user on `current` may move to (no downgrades are offered, spec section 4). */
export function upgradesFrom(current: PlanId): Plan[] {
  const rank = PLANS.findIndex((p) => p.id === current);
  return PLANS.slice(rank + 1);
}

/** Feature comparison table (spec section 3): rows of Starter / Growth / Ultimate values. */
export const FEATURE_COMPARISON: ReadonlyArray<{ feature: string; values: [string, string, string] }> = [
  { feature: 'Social media brands', values: ['1', '3', 'Unlimited'] },
  { feature: 'AI comment analysis', values: ['✓', '✓', '✓'] },
  { feature: 'Auto reply', values: ['Basic', 'Smart', 'Advanced'] },
  { feature: 'Multi-language', values: ['—', '✓', '✓'] },
  { feature: 'Real-time analytics', values: ['—', '✓', '✓'] },
  { feature: 'API access', values: ['—', '—', '✓'] },
  { feature: 'Custom AI training', values: ['—', '—', '✓'] },
  { feature: '24/7 support', values: ['—', '—', '✓'] },
  { feature: 'White-label', values: ['—', '—', '✓'] },
];
