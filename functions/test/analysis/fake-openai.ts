/** A fake OpenAI HTTP server for tests and the bench: chat completions + moderations, token counting, failure modes. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 'rate-limit-once' | 'malformed' | 'refusal' | 'invalid-decision';

export interface FakeOpenAI {
  url: string;
  mode: FakeMode;
  /** Requests received per path. */
  calls: Record<string, number>;
  promptTokens: number;
  close(): Promise<void>;
}

const tokens = (s: string) => Math.ceil(s.length / 4);
const OFFENSIVE = /idiot|stupid|kill/i;

function decisionFor(c: { id: string; text: string }) {
  const spam = /https?:|subscribe|check out my/i.test(c.text);
  const offensive = OFFENSIVE.test(c.text);
  const question = c.text.includes('?');
  return {
    id: c.id,
    decision: spam ? 'delete' : offensive ? 'hide' : question ? 'reply' : 'ignore',
    suggestedReply: question && !spam && !offensive ? 'Thanks for asking! We will message you.' : '',
    reasoning: 'fake decision',
    sentiment: 'neutral',
    isSpam: spam,
    isOffensive: offensive,
    confidence: 80,
    language: 'en',
  };
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
  const state: Omit<FakeOpenAI, 'url' | 'close'> = { mode, calls: {}, promptTokens: 0 };
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    state.calls[path] = (state.calls[path] ?? 0) + 1;
    const raw = await body(req);
    const json = JSON.parse(raw || '{}') as { model?: string; messages?: Array<{ role: string; content: string }>; input?: string[] };
    if (req.method !== 'POST') return send(res, 405, { error: { message: 'method not allowed' } });
    if (path.endsWith('/moderations')) {
      const inputs = Array.isArray(json.input) ? json.input : [String(json.input)];
      return send(res, 200, { id: 'modr-fake', model: json.model, results: inputs.map((t) => ({ flagged: OFFENSIVE.test(t), categories: {}, category_scores: {} })) });
    }
    if (!path.endsWith('/chat/completions')) return send(res, 404, { error: { message: 'not found' } });
    if (state.mode === 'rate-limit-once' && !rateLimited) {
      rateLimited = true;
      return send(res, 429, { error: { message: 'Rate limit reached', type: 'requests' } }, { 'retry-after-ms': '10' });
    }
    const messages = json.messages ?? [];
    const prompt = messages.reduce((n, m) => n + tokens(m.content) + 4, 0);
    state.promptTokens += prompt;
    const user = messages.find((m) => m.role === 'user')?.content ?? '[]';
    const comments = JSON.parse(user) as Array<{ id: string; text: string }>;
    let content: string | null = JSON.stringify({ decisions: comments.map(decisionFor) });
    let refusal: string | null = null;
    if (state.mode === 'malformed') content = '{"decisions": [ {"id": ';
    if (state.mode === 'invalid-decision') content = JSON.stringify({ decisions: comments.map((c) => ({ ...decisionFor(c), decision: 'explode', confidence: 250 })) });
    if (state.mode === 'refusal') { content = null; refusal = "I'm sorry, I can't help with that."; }
    return send(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: json.model,
      choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal } }],
      usage: { prompt_tokens: prompt, completion_tokens: tokens(content ?? refusal ?? ''), total_tokens: prompt + tokens(content ?? refusal ?? '') },
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((ok, ko) => { server.close((e) => (e ? ko(e) : ok())); server.closeAllConnections(); }),
  });
}
