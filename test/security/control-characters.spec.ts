import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { expect, sharedAtelier, test } from './support/fixtures';
import type { EntryPoint, TextField } from './support/entry-points';
import { actionPage, signUp, type Session } from './support/session';

// NUL and a C1 control sent to every text field of every server action, route handler and /api/v1
// endpoint, the fields read from the schemas their wrappers parse with (support/entry-points.ts),
// so that a field or an entry point added later is covered here without a word of this file
// changing. Each is refused naming the field (a search drops them and answers), never a 5xx;
// nothing is written and nothing charged. On PostgreSQL, which refuses NUL in text.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTROLS = ['\u0000', '\u0085'];
/** Tables a refused request must leave as they were (request counters and logs are not input). */
const TABLES = ['User', 'Team', 'Membership', 'Invite', 'ServiceCredential', 'Generation', 'GenerationOutput', 'Asset', 'VideoTask', 'LedgerEntry'];
const MORE_TABLES = ['ShareLink', 'Collection', 'CollectionItem', 'ApiKey', 'AlertSettings', 'AlertEvent'];

const atelier = sharedAtelier('postgres');
const points: EntryPoint[] = JSON.parse(
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['test/security/support/entry-points.ts'], { cwd: ROOT, encoding: 'utf8' }),
);
let owner: Session;
let apiKey: string;
let image: Buffer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await signUp(atelier, 'Typist');
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [owner.email]);
  apiKey = (await owner.act<{ token: string }>('makeApiKey', { name: 'sweep', models: [], userId: rows[0].id }, '/settings/api-keys')).token;
  image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
});

async function counts(): Promise<Record<string, number>> {
  const tables = [...TABLES, ...MORE_TABLES];
  const { rows } = await atelier.sql!.query(`SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ')}`);
  return rows[0];
}

/** An object with `value` at `at` (`['members', 0, 'userId']` → `{ members: [{ userId: value }] }`). */
function withValueAt(at: Array<string | number>, value: string): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  return typeof head === 'number' ? [withValueAt(rest, value)] : { [head]: withValueAt(rest, value) };
}

const pathOf = (entry: EntryPoint) => entry.name.replace(/\[[^\]]+\]|:\w+/g, () => randomUUID());

/** One probe: `value` in `field` of `entry`, answered as what the caller sees. */
async function send(entry: EntryPoint, field: TextField, value: string): Promise<{ status: number; named?: string; key?: string; code?: string }> {
  if (entry.kind === 'action') {
    const { status, result } = await owner.action(entry.name, withValueAt(field.path, value), actionPage(entry.name));
    const error = result && !result.ok ? (result.error as { code: string; key?: string; values?: { field?: string }; fields?: Record<string, string> }) : null;
    // An action answers 200 with its result: a refusal is a 4xx in the result's code.
    const refused = error && error.code !== 'internal';
    return {
      status: refused ? 400 : error ? 500 : status,
      named: error?.fields?.[field.path.join('.')] && field.path.join('.'),
      key: error?.key,
      code: error?.code,
    };
  }
  let url = `${atelier.origin}${pathOf(entry)}`;
  const headers: Record<string, string> = entry.kind === 'api' ? { authorization: `Bearer ${apiKey}` } : { cookie: owner.cookie, origin: atelier.origin };
  let body: BodyInit | undefined;
  if (entry.part === 'query') url += `?${new URLSearchParams({ [String(field.path[0])]: value })}`;
  if (entry.part === 'body') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(withValueAt(field.path, value));
  }
  if (entry.part === 'form') {
    const form = new FormData();
    form.set(String(field.path[0]), value);
    form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
    body = form;
  }
  const response = await fetch(url, { method: entry.method, headers, body });
  const text = await response.text();
  const json = (text.startsWith('{') ? JSON.parse(text) : {}) as { error?: { code?: string; key?: string; param?: string; fields?: Record<string, string> } };
  const named =
    entry.kind === 'api' ? json.error?.param : Object.keys(json.error?.fields ?? {}).find((name) => name === field.path.join('.') || name === field.path[0]);
  return { status: response.status, named: named ?? undefined, key: json.error?.key, code: json.error?.code };
}

test('every text field of every entry point refuses control characters, naming the field, and writes nothing', async () => {
  test.setTimeout(240_000);
  // The inventory itself: every kind of entry point is there, with the fields the issue named.
  const names = new Set(points.map((p) => `${p.kind} ${p.name}`));
  for (const expected of [
    'action createTeamAction',
    'action renameTeamAction',
    'action newCollection',
    'action makeApiKey',
    'action startVideo',
    'route /api/compare',
    'route /edit/run',
    'route /api/library',
    'api /api/v1/images/generations',
    'api /api/v1/videos/generations',
    'api /api/v1/images/edits',
  ])
    expect(names, expected).toContain(expected);
  const probes = points.flatMap((entry) => entry.fields.filter((f) => entry.part !== 'form' || f.path.length === 1).map((field) => ({ entry, field })));
  expect(probes.length).toBeGreaterThan(80);

  const before = await counts();
  const wrong: string[] = [];
  for (const { entry, field } of probes) {
    for (const control of CONTROLS) {
      const label = `${entry.kind} ${entry.method} ${entry.name} ${entry.part}:${field.path.join('.')} U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`;
      const answer = await send(entry, field, `a${control}b`);
      if (field.rule === 'search') {
        // Dropped, so the search answers as it would without them (a ZIP still wants a selection).
        if (answer.status >= 500 || answer.named !== undefined) wrong.push(`${label}: a search answered ${answer.status}, naming it`);
        continue;
      }
      if (answer.status < 400 || answer.status >= 500) wrong.push(`${label}: ${answer.status}`);
      else if (answer.named === undefined) wrong.push(`${label}: ${answer.status} without naming the field (${answer.code})`);
      else if (field.rule && entry.kind !== 'api' && answer.key !== 'controlCharacters')
        wrong.push(`${label}: not the control-character message (${answer.key})`);
      else if (field.rule && entry.kind === 'api' && answer.code !== 'invalid_input') wrong.push(`${label}: code ${answer.code}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(await counts()).toEqual(before);
  expect(atelier.log()).not.toMatch(/unexpected error|invalid byte sequence|DriverAdapterError/);
});

test('a search with control characters still answers, on the route and on the page', async () => {
  for (const q of ['%00', 'sea%00light', '%C2%85', 'a%0D%0Ab']) {
    expect((await owner.fetch(`/api/library?q=${q}`)).status, q).toBe(200);
    expect((await owner.fetch(`/library?q=${q}`)).status, q).toBe(200);
  }
});

test('a prompt keeps its line breaks and tabs, with CRLF made \\n', async () => {
  const response = await fetch(`${atelier.origin}/api/v1/videos/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'atelier-motion', prompt: 'first line\r\n\tsecond line\rthird', duration: 3, resolution: '480p' }),
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  const { rows } = await atelier.sql!.query(`SELECT prompt FROM "Generation" WHERE id = $1`, [id]);
  expect(rows[0].prompt).toBe('first line\n\tsecond line\nthird');
});
