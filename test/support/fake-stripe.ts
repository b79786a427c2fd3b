/**
 * A stateful fake of the Stripe HTTP API for tests (node:http on port 0), spoken to by the real `stripe`
 * SDK through its host/port/protocol options. Covers customers, subscriptions (items, prices, basil-style
 * periods on the item, cancel_at_period_end), invoices with confirmation_secret, paying an invoice, upgrades
 * with proration, immediate cancellation (DELETE; metadata[fake_fail]=cancel makes it fail), form-encoded bodies as the SDK sends them, Idempotency-Key replays and `latest_invoice` expansion.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake_commentguard';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake_commentguard';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_commentguard';

/** Monthly amounts in cents of the logical price ids; any other price_* costs 1000. */
const AMOUNTS: Record<string, number> = { price_starter: 899, price_growth: 1499, price_ultimate: 2999 };
const MONTH = 30 * 24 * 3600;

type Obj = Record<string, any>;

export interface FakeStripe {
  host: string;
  port: number;
  url: string;
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Every request seen (method, path, idempotency key), for assertions. */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  close(): Promise<void>;
}

/** Parses `a[b][0][c]=v` form fields into nested objects (arrays for numeric keys). */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

let seq = 0;
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}`;
const nowSec = () => Math.floor(Date.now() / 1000);
const price = (id: string) => ({ id, object: 'price', currency: 'usd', unit_amount: AMOUNTS[id] ?? 1000, recurring: { interval: 'month', interval_count: 1 }, active: true });

class StripeHttpError extends Error {
  constructor(readonly status: number, message: string, readonly code?: string, readonly param?: string, readonly type = 'invalid_request_error') { super(message); }
}
const missing = (kind: string, id: string) => new StripeHttpError(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id');

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];

  function createInvoice(sub: Obj, amount: number, reason: string, lines: Obj[]): Obj {
    const customer = customers.get(sub.customer)!;
    const paid = amount <= 0 || (reason !== 'subscription_create' && Boolean(customer.invoice_settings.default_payment_method));
    const id = newId('in');
    const inv = {
      id, object: 'invoice', customer: sub.customer, currency: 'usd', billing_reason: reason, created: nowSec(),
      amount_due: Math.max(0, amount), amount_paid: paid ? Math.max(0, amount) : 0, status: paid ? 'paid' : 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: lines, has_more: false },
      confirmation_secret: paid ? null : { type: 'payment_intent', client_secret: `${newId('pi')}_secret_${Math.random().toString(36).slice(2, 12)}` },
    };
    invoices.set(id, inv);
    return inv;
  }

  function view(sub: Obj, expand: string[]): Obj {
    const out = structuredClone(sub);
    if (expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.')) && sub.latest_invoice) out.latest_invoice = structuredClone(invoices.get(sub.latest_invoice));
    return out;
  }

  function getSub(id: string): Obj {
    const sub = subscriptions.get(id);
    if (!sub) throw missing('subscription', id);
    return sub;
  }

  function route(method: string, path: string, p: Obj): Obj {
    const seg = path.split('/').filter(Boolean); // ['v1', 'customers', id?, action?]
    const expand: string[] = Array.isArray(p.expand) ? p.expand : [];
    const [, kind, id, action] = seg;
    if (kind === 'customers') {
      if (method === 'POST' && !id) {
        const c = { id: newId('cus'), object: 'customer', email: p.email ?? null, metadata: p.metadata ?? {}, created: nowSec(), invoice_settings: { default_payment_method: null } };
        customers.set(c.id, c);
        return c;
      }
      if (method === 'GET' && !id) {
        const data = [...customers.values()].filter((c) => !p.email || c.email === p.email);
        return { object: 'list', data, has_more: false, url: '/v1/customers' };
      }
      if (method === 'GET' && id) { const c = customers.get(id); if (!c) throw missing('customer', id); return c; }
    }
    if (kind === 'subscriptions') {
      if (method === 'POST' && !id) {
        if (!customers.has(p.customer)) throw missing('customer', String(p.customer));
        const priceId = p.items?.[0]?.price;
        if (!priceId || !String(priceId).startsWith('price_')) throw new StripeHttpError(400, `No such price: '${priceId}'`, 'resource_missing', 'items[0][price]');
        const start = nowSec();
        const sub: Obj = {
          id: newId('sub'), object: 'subscription', customer: p.customer, status: 'incomplete', created: start,
          cancel_at_period_end: false, cancel_at: null, canceled_at: null, metadata: p.metadata ?? {},
          payment_behavior: p.payment_behavior, latest_invoice: null, pending_update: null,
          items: { object: 'list', has_more: false, data: [{ id: newId('si'), object: 'subscription_item', price: price(priceId), quantity: 1, current_period_start: start, current_period_end: start + MONTH }] },
        };
        subscriptions.set(sub.id, sub);
        const inv = createInvoice(sub, price(priceId).unit_amount, 'subscription_create', [{ amount: price(priceId).unit_amount, price: price(priceId), proration: false }]);
        sub.latest_invoice = inv.id;
        return view(sub, expand);
      }
      if (method === 'GET' && !id) {
        const data = [...subscriptions.values()].filter((x) => !p.customer || x.customer === p.customer).map((x) => view(x, expand));
        return { object: 'list', data: data.reverse(), has_more: false, url: '/v1/subscriptions' };
      }
      if (method === 'GET' && id) return view(getSub(id), expand);
      if (method === 'POST' && id && !action) {
        const sub = getSub(id);
        if (sub.status === 'canceled') throw new StripeHttpError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
        if (p.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
        }
        if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
        const change = p.items?.[0];
        if (change?.price) {
          const item = sub.items.data.find((i: Obj) => i.id === change.id) ?? sub.items.data[0];
          const oldPrice = item.price as Obj;
          const newPrice = price(change.price);
          const now = nowSec();
          const left = Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start);
          const credit = -Math.round(oldPrice.unit_amount * left);
          const debit = Math.round(newPrice.unit_amount * left);
          item.price = newPrice;
          const behavior = p.proration_behavior ?? 'create_prorations';
          if (behavior !== 'none') {
            const lines = [{ amount: credit, price: oldPrice, proration: true }, { amount: debit, price: newPrice, proration: true }];
            if (behavior === 'always_invoice') {
              const inv = createInvoice(sub, credit + debit, 'subscription_update', lines);
              // pending_if_incomplete: an unpaid proration leaves the subscription as it was.
              if (inv.status !== 'paid' && p.payment_behavior === 'pending_if_incomplete') {
                invoices.delete(inv.id);
                item.price = oldPrice;
                throw new StripeHttpError(402, 'Your card was declined.', 'card_declined', undefined, 'card_error');
              }
              sub.latest_invoice = inv.id;
            }
            else (sub.pending_invoice_items ??= []).push(...lines);
          }
        }
        return view(sub, expand);
      }
      if (method === 'DELETE' && id) {
        const sub = getSub(id);
        // Tests make Stripe fail a cancellation by tagging the subscription (metadata[fake_fail]=cancel).
        if (sub.metadata.fake_fail === 'cancel') throw new StripeHttpError(500, 'An unexpected error occurred (fake outage).', undefined, undefined, 'api_error');
        if (sub.status === 'canceled') throw new StripeHttpError(400, 'This subscription has already been canceled.', 'resource_missing');
        Object.assign(sub, { status: 'canceled', canceled_at: nowSec(), ended_at: nowSec() });
        return view(sub, expand);
      }
    }
    if (kind === 'invoices') {
      if (method === 'GET' && !id) {
        const data = [...invoices.values()].filter((i) => (!p.subscription || i.parent.subscription_details.subscription === p.subscription) && (!p.customer || i.customer === p.customer));
        return { object: 'list', data: data.reverse(), has_more: false, url: '/v1/invoices' };
      }
      const inv = id ? invoices.get(id) : undefined;
      if (id && !inv) throw missing('invoice', id);
      if (method === 'GET' && inv) return inv;
      // Paying stands in for the browser confirming the PaymentIntent with the client secret.
      if (method === 'POST' && inv && action === 'pay') {
        if (inv.status !== 'open') throw new StripeHttpError(400, 'Invoice is already paid', 'invoice_payment_intent_requires_action');
        Object.assign(inv, { status: 'paid', amount_paid: inv.amount_due, confirmation_secret: null });
        customers.get(inv.customer)!.invoice_settings.default_payment_method = newId('pm');
        const sub = subscriptions.get(inv.parent.subscription_details.subscription);
        if (sub && ['incomplete', 'past_due'].includes(sub.status)) sub.status = 'active';
        return inv;
      }
    }
    throw new StripeHttpError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function send(res: ServerResponse, status: number, body: string, replayed = false) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const idemKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path: url.pathname, idempotencyKey: idemKey });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return send(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
    }
    const cacheKey = idemKey && method === 'POST' ? `${url.pathname}#${idemKey}` : undefined;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) return send(res, cached.status, cached.body, true);
    const params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, url.pathname, params));
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      status = err.status;
      body = JSON.stringify({ error: { type: err.type, message: err.message, code: err.code, param: err.param } });
    }
    if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body });
    send(res, status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(err) } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1', port, url: `http://127.0.0.1:${port}`, customers, subscriptions, invoices, requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A Stripe event envelope around an object, as Stripe would post it. */
export function stripeEvent(type: string, object: Obj, id = newId('evt')): Obj {
  return { id, object: 'event', api_version: '2026-07-29.dahlia', created: nowSec(), livemode: false, pending_webhooks: 1, type, data: { object } };
}
