import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { expect, sharedAtelier, test } from './support/fixtures';
import { signUp } from './support/session';

// The same requests, valid and not, to the reference service (/v1, a service key) and to Atelier's
// API (/api/v1, a team key): each must get the same status, code and param from both, for a client
// of the service switches by changing its base URL and key and nothing else. Atelier's own answers
// (budgets, key limits, control characters, callbacks) are listed in docs/api.md and sent here
// neither way. Every answer of Atelier's is validated against its own OpenAPI document too.

const atelier = sharedAtelier('postgres');
let serviceKey: string;
let teamKey: string;
type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
let openApi: { openapi: string; paths: Record<string, Record<string, Operation>> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const owner = await signUp(atelier, 'Dana Differential');
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [owner.email]);
  teamKey = (await owner.act<{ token: string }>('makeApiKey', { name: 'differential', models: [], userId: rows[0].id }, '/settings/api-keys')).token;
  serviceKey = await atelier.mintKey();
  const document = await fetch(`${atelier.origin}/api/v1/openapi.json`);
  expect(document.status).toBe(200);
  openApi = await document.json();
});

/** The schema the OpenAPI document gives an answer (a refusal's, for a path or method it does not list). */
function documented(method: string, path: string, status: number): object {
  const template = Object.keys(openApi.paths).find((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
  const operation = (template && openApi.paths[template][method.toLowerCase()]) || openApi.paths['/models'].get;
  const response = operation.responses[String(status)] ?? operation.responses.default;
  return response.content!['application/json'].schema;
}

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  /** A JSON body (any JSON value, or undefined for none), or the raw text with its type. */
  body?: unknown;
  raw?: { text: string; type: string };
}

const image = { model: 'atelier-pixel', prompt: 'a red kite over green hills', size: '1024x1024', n: 1 };
const video = { model: 'atelier-motion', prompt: 'waves at dawn', duration: 3, resolution: '480p' };
const generation = (name: string, changes: Record<string, unknown>): Case => ({
  name: `generation: ${name}`,
  path: '/images/generations',
  body: patch(image, changes),
});
const videoCase = (name: string, changes: Record<string, unknown>): Case => ({
  name: `video: ${name}`,
  path: '/videos/generations',
  body: patch(video, changes),
});

/** The base with `changes` applied; an `undefined` change removes the field. */
function patch(base: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

const values = (field: string, list: unknown[], make: (name: string, changes: Record<string, unknown>) => Case) =>
  list.map((value) => make(`${field} = ${JSON.stringify(value) ?? 'absent'}`, { [field]: value }));

const CASES: Case[] = [
  generation('valid', {}),
  ...values(
    'model',
    [
      undefined,
      null,
      '',
      [],
      123,
      [123],
      ['atelier-pixel', 7],
      true,
      {},
      'no-such-model',
      ['atelier-pixel', 'no-such-model'],
      ['a', 'b', 'c', 'd', 'e'],
      ['atelier-pixel'],
      'atelier-motion',
    ],
    generation,
  ),
  ...values('prompt', [undefined, null, '', '   ', 123, true, ['x'], 'x'.repeat(32_001), '灯'.repeat(32_001), '灯'.repeat(32_000)], generation),
  ...values('size', [undefined, null, '', '512x512', '1024X1024', 1024, ['1024x1024']], generation),
  ...values('n', [undefined, null, 0, 5, 1.5, '1', -1, 2], generation),
  ...values('response_format', [undefined, null, 'xml', 1, 'b64_json'], generation),
  ...values('background', [undefined, null, 'none', 1, 'transparent', 'auto'], generation),
  ...values('seed', [undefined, null, -1, 1.5, '7', 2 ** 31, 2 ** 32 - 1, 2 ** 32, 7], generation),
  videoCase('valid', {}),
  videoCase('every optional field null', { duration: null, resolution: null, audio: null, aspect_ratio: null, webhook_url: null }),
  ...values('model', [undefined, null, '', 123, ['atelier-motion'], 'no-such-model', 'atelier-pixel'], videoCase),
  ...values('prompt', [undefined, null, '', '  ', 123, 'x'.repeat(32_001)], videoCase),
  ...values('duration', [2.5, -3, 0, '3', 7, true], videoCase),
  ...values('resolution', ['', '4k', 480, '1080P'], videoCase),
  ...values('audio', ['true', 1, 'yes'], videoCase),
  ...values('aspect_ratio', ['', '4:3', 1.77], videoCase),
  ...values(
    'webhook_url',
    [
      '',
      'not a url',
      123,
      'ftp://8.8.8.8/hook',
      'http://user:pw@8.8.8.8/hook',
      'http://127.0.0.1:9/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
    ],
    videoCase,
  ),
  ...[null, [], 'a string', 42, true].map((body) => ({ name: `generation body ${JSON.stringify(body)}`, path: '/images/generations', body })),
  ...[null, [], 7].map((body) => ({ name: `video body ${JSON.stringify(body)}`, path: '/videos/generations', body })),
  { name: 'generation: malformed JSON', path: '/images/generations', raw: { text: '{"model": ', type: 'application/json' } },
  { name: 'video: malformed JSON', path: '/videos/generations', raw: { text: '{', type: 'application/json' } },
  { name: 'generation: not JSON', path: '/images/generations', raw: { text: 'model=atelier-pixel', type: 'application/x-www-form-urlencoded' } },
  { name: 'video: not JSON', path: '/videos/generations', raw: { text: 'hello', type: 'text/plain' } },
  { name: 'task: unknown id', method: 'GET', path: `/videos/generations/${randomUUID()}` },
  { name: 'task: not an id', method: 'GET', path: '/videos/generations/not-a-task' },
  { name: 'task: broken percent-encoding', method: 'GET', path: '/videos/generations/%zz' },
  { name: 'models', method: 'GET', path: '/models' },
  { name: 'unknown endpoint', method: 'GET', path: '/images/variations' },
  { name: 'wrong method', method: 'GET', path: '/images/generations' },
  { name: 'wrong method on videos', method: 'GET', path: '/videos/generations' },
];

interface Answer {
  status: number;
  code: string | null;
  param: string | null;
  json: unknown;
}

async function send(base: string, key: string, c: Case): Promise<Answer> {
  const method = c.method ?? 'POST';
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  let body: string | undefined;
  if (c.raw) {
    headers['content-type'] = c.raw.type;
    body = c.raw.text;
  } else if (method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const response = await fetch(`${base}${c.path}`, { method, headers, body });
  const json = (await response.json().catch(() => null)) as { error?: { code?: string; param?: string | null } } | null;
  return { status: response.status, code: json?.error?.code ?? null, param: json?.error?.param ?? null, json };
}

test('the service and Atelier’s API answer the same requests alike', async () => {
  test.setTimeout(240_000);
  expect(CASES.length).toBeGreaterThanOrEqual(90);
  const differences: string[] = [];
  const undocumented: string[] = [];
  for (const c of CASES) {
    const { json: _answer, ...service } = await send(`${atelier.origin}/v1`, serviceKey, c);
    const { json, ...gateway } = await send(`${atelier.origin}/api/v1`, teamKey, c);
    const same = service.status === gateway.status && (service.status < 400 || (service.code === gateway.code && service.param === gateway.param));
    if (!same) differences.push(`${c.name}: service ${JSON.stringify(service)}, gateway ${JSON.stringify(gateway)}`);
    const valid = z.fromJSONSchema(documented(c.method ?? 'POST', c.path, gateway.status) as never).safeParse(json);
    if (!valid.success) undocumented.push(`${c.name}: ${gateway.status} ${valid.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  expect(differences).toEqual([]);
  expect(undocumented).toEqual([]);
  expect(openApi.openapi).toBe('3.1.0');
});
