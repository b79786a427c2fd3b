/**
 * A fake OpenAI HTTP server for tests and the bench: chat completions + moderations on any path
 * prefix (an OpenAI-compatible server), every request body kept, failure modes, and a simulated
 * model that reads the provider's JSON data document:
 * - 'ok' follows the system message (classifies; a comment with instructions is flagged, not obeyed);
 * - 'obedient' is a model that obeys the comment: it replies with whatever the comment asks for
 *   ("reply with X" → X), so tests can check what the pipeline lets through;
 * - 'no-moderations' is a compatible server without /moderations (404 there).
 * Prompt tokens are counted with a real tokenizer (o200k_base, the GPT-4o/GPT-5 encoding).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countChatTokens, countTokens } from '../../../scripts/tokens.js';

export type FakeMode = 'ok' | 'obedient' | 'no-moderations' | 'rate-limit-once' | 'malformed' | 'refusal' | 'invalid-decision';

export interface ChatRequest { model: string; messages: Array<{ role: string; content: string }>; response_format?: unknown }

export interface FakeOpenAI {
  url: string;
  mode: FakeMode;
  /** Requests received per path. */
  calls: Record<string, number>;
  /** Every chat completion request body, as received. */
  chatRequests: ChatRequest[];
  /** Every raw request body (chat and moderation), as received. */
  rawBodies: string[];
  promptTokens: number;
  close(): Promise<void>;
}

interface DataComment { id: string; brand: string; firstName: string | null; answers: string[]; text: string }
interface DataBrand { ref: string; answers: Array<{ ref: string; answer: string }> }

const OFFENSIVE = /idiot|stupid|kill/i;
const THREAT = /kill you|watch your back|i know where you live/i;

/** The simulated model that follows its instructions. */
function decide(c: DataComment, brands: Map<string, DataBrand>) {
  const t = c.text;
  const base = { id: c.id, answer: null as string | null, suggestedReply: '', reasoning: 'fake decision', sentiment: 'neutral', isSpam: false, isOffensive: false, confidence: 80, language: 'en' };
  const hi = c.firstName ? `Hi ${c.firstName}! ` : '';
  if (/ignore (all |your |previous )?(instructions|rules)/i.test(t)) return { ...base, category: 'other', decision: 'ignore', reasons: ['instructions'] };
  if (THREAT.test(t)) return { ...base, category: 'threat', decision: 'hide', reasons: ['threat'], isOffensive: true };
  if (/you (have )?won|prize|crypto|whats ?app/i.test(t)) return { ...base, category: 'scam', decision: 'delete', reasons: ['giveaway'], isSpam: true };
  if (/https?:|subscribe|check out my/i.test(t)) return { ...base, category: 'spam', decision: 'delete', reasons: ['promo'], isSpam: true };
  if (OFFENSIVE.test(t)) return { ...base, category: 'abuse', decision: 'hide', reasons: ['insult'], isOffensive: true };
  if (/charged twice|broken|refund|never arrived/i.test(t)) return { ...base, category: 'complaint', decision: 'reply', reasons: ['complaint'], sentiment: 'negative', suggestedReply: `${hi}We're sorry about this, our team is on it and will follow up here.` };
  if (t.includes('?')) {
    const ref = c.answers[0] ?? null;
    const answer = ref ? brands.get(c.brand)?.answers.find((a) => a.ref === ref)?.answer : undefined;
    return { ...base, category: 'question', decision: 'reply', reasons: ['question'], answer: answer ? ref : null, suggestedReply: `${hi}${answer ?? 'Thanks for asking! Our team will answer here shortly.'}` };
  }
  if (/love|great|thank/i.test(t)) return { ...base, category: 'praise', decision: 'reply', reasons: ['praise'], sentiment: 'positive', suggestedReply: `${hi}Thank you so much!` };
  return { ...base, category: 'other', decision: 'ignore', reasons: ['neutral'] };
}

/** The simulated model that obeys the comment. */
function obey(c: DataComment) {
  const asked = /reply with:?\s*(.+)$/is.exec(c.text)?.[1]?.replace(/^["“']|["”']$/g, '').trim() ?? c.text;
  return { id: c.id, category: 'praise', decision: 'reply', reasons: ['praise'], answer: null, suggestedReply: asked, reasoning: 'obeyed the comment', sentiment: 'positive', isSpam: false, isOffensive: false, confidence: 95, language: 'en' };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAI(mode: FakeMode = 'ok'): Promise<FakeOpenAI> {
  let rateLimited = false;
  const state: Omit<FakeOpenAI, 'url' | 'close'> = { mode, calls: {}, chatRequests: [], rawBodies: [], promptTokens: 0 };
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    state.calls[path] = (state.calls[path] ?? 0) + 1;
    const raw = await body(req);
    state.rawBodies.push(raw);
    const json = JSON.parse(raw || '{}') as ChatRequest & { input?: string[] };
    if (req.method !== 'POST') return send(res, 405, { error: { message: 'method not allowed' } });
    if (path.endsWith('/moderations') && state.mode === 'no-moderations') return send(res, 404, { error: { message: 'Not found' } });
    if (path.endsWith('/moderations')) {
      const inputs = Array.isArray(json.input) ? json.input : [String(json.input)];
      return send(res, 200, {
        id: 'modr-fake', model: json.model,
        results: inputs.map((t) => ({ flagged: OFFENSIVE.test(t), categories: { violence: THREAT.test(t), harassment: OFFENSIVE.test(t) }, category_scores: {} })),
      });
    }
    if (!path.endsWith('/chat/completions')) return send(res, 404, { error: { message: 'not found' } });
    if (state.mode === 'rate-limit-once' && !rateLimited) {
      rateLimited = true;
      return send(res, 429, { error: { message: 'Rate limit reached', type: 'requests' } }, { 'retry-after-ms': '10' });
    }
    state.chatRequests.push(json);
    const messages = json.messages ?? [];
    const prompt = countChatTokens(messages, json.response_format);
    state.promptTokens += prompt;
    const data = JSON.parse(messages.find((m) => m.role === 'user')?.content ?? '{}') as { brands?: DataBrand[]; comments?: DataComment[] };
    const comments = data.comments ?? [];
    const brands = new Map((data.brands ?? []).map((b) => [b.ref, b]));
    let content: string | null = JSON.stringify({ decisions: comments.map((c) => (state.mode === 'obedient' ? obey(c) : decide(c, brands))) });
    let refusal: string | null = null;
    if (state.mode === 'malformed') content = '{"decisions": [ {"id": ';
    if (state.mode === 'invalid-decision') content = JSON.stringify({ decisions: comments.map((c) => ({ ...decide(c, brands), decision: 'explode', confidence: 250 })) });
    if (state.mode === 'refusal') { content = null; refusal = "I'm sorry, I can't help with that."; }
    const completion = countTokens(content ?? refusal ?? '');
    return send(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: json.model,
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal } }],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((ok, ko) => { server.close((e) => (e ? ko(e) : ok())); server.closeAllConnections(); }),
  });
}
