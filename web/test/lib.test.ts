import { afterEach, describe, expect, test, vi } from 'vitest';
import { api, ApiError, buildQuery, request } from '../src/lib/api';
import { backoffDelay, BACKOFF_MAX_MS, wsUrl } from '../src/lib/ws';
import { relativeTime } from '../src/lib/time';
import { createQueryClient } from '../src/lib/queryClient';
import { csvField, toCsv } from '../src/lib/csv';
import { can } from '../src/lib/can';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  test('non-OK answers throw "status: body", or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"nope"}', { status: 409, statusText: 'Conflict' })));
    await expect(request('POST', '/api/register', {})).rejects.toThrow('409: {"message":"nope"}');
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })));
    const err = await request('GET', '/api/stats').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('502: Bad Gateway');
  });

  test('sends credentials and a JSON body with the JSON content type; fills path parameters', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('overrideComment', { params: { id: 'c 1' }, body: { action: 'ignore' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/comments/c%201/override');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"action":"ignore"}', headers: { 'Content-Type': 'application/json' } });
    await api('syncComments');
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(fetchMock.mock.calls[1]![1]!.body).toBeUndefined();
  });

  test('the server message of a JSON error body is available', () => {
    expect(new ApiError(409, 'Conflict', '{"message":"Email taken"}').serverMessage).toBe('Email taken');
    expect(new ApiError(500, 'Internal', 'oops').serverMessage).toBeUndefined();
  });

  test('query strings skip empty values', () => {
    expect(buildQuery({ limit: 25, offset: 0, platform: undefined, search: '' })).toBe('?limit=25&offset=0');
  });
});

describe('query defaults (spec section 7)', () => {
  test('never stale, no focus refetch, no retries', () => {
    const d = createQueryClient().getDefaultOptions();
    expect(d.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
    expect(d.mutations).toMatchObject({ retry: false });
  });
});

describe('live updates', () => {
  test('wss over https, ws otherwise', () => {
    expect(wsUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws');
    expect(wsUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });
  test('exponential backoff, capped', () => {
    expect([0, 1, 2, 3].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20)).toBe(BACKOFF_MAX_MS);
  });
});

describe('relative time', () => {
  test('reads like "x ago"', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(relativeTime('2026-06-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-06-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-05-30T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-06-01T11:59:50Z', now)).toBe('less than a minute ago');
  });
});

describe('CSV and roles', () => {
  test('fields with commas, quotes or line breaks are quoted with quotes doubled; formulas are defused', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField(null)).toBe('');
    expect(toCsv([['a', 'b'], ['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  test('the app mirrors the route table: viewers read, moderators moderate, admins manage, owners pay', () => {
    expect(can({ role: 'viewer' }, 'listComments')).toBe(true);
    expect(can({ role: 'viewer' }, 'approveComment')).toBe(false);
    expect(can({ role: 'moderator' }, 'approveComment')).toBe(true);
    expect(can({ role: 'moderator' }, 'deleteSocialAccount')).toBe(false);
    expect(can({ role: 'admin' }, 'createInvitation')).toBe(true);
    expect(can({ role: 'admin' }, 'updateSubscription')).toBe(false);
    expect(can({ role: 'owner' }, 'deleteWorkspace')).toBe(true);
    expect(can({ role: 'viewer' }, 'listWorkspaces')).toBe(true);
    expect(can(null, 'listComments')).toBe(false);
  });
});
