import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '@playwright/test';
import { startAtelier, type Atelier } from '../support/atelier';
import { signUp } from './support/session';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// docs/api.md runs as written: every shell block of it, with only BASE and KEY made this test's,
// against a fresh Atelier, in a folder where the committed fixtures script wrote photo.png and
// mask.png. The video example's webhook_url, https://example.com/hooks/atelier, reaches this test's
// own HTTPS receiver (a certificate for example.com that the server is told to trust) through the
// host map only NODE_ENV=test may switch on (ATELIER_TEST_HOSTS).

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'atelier-api-docs-'));
let atelier: Atelier;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=example.com',
      '-addext',
      'subjectAltName=DNS:example.com',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  receiver = await startWebhookReceiver({ tls: { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) } });
  atelier = await startAtelier({
    database: 'postgres',
    env: {
      NODE_ENV: 'test',
      ATELIER_TEST_HOSTS: `example.com:443=127.0.0.1:${receiver.port}`,
      ATELIER_PRIVATE_CALLBACK_ORIGINS: 'https://example.com',
      NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem'),
    },
  });
});
test.afterAll(async () => {
  await atelier?.stop();
  receiver?.close();
});

/** The fenced shell blocks of a Markdown file. */
function shellBlocks(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

test('every shell block of docs/api.md runs as written, its webhook reaching a host name', async () => {
  test.setTimeout(180_000);
  const owner = await signUp(atelier, 'Doc Reader');
  const { token, webhookSecret } = await owner.act<{ token: string; webhookSecret: string }>(
    'makeApiKey',
    { name: 'docs', models: [], userId: await userIdOf(owner.email) },
    '/settings/api-keys',
  );
  // The fixtures, as the doc says to make them.
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/api-fixtures.ts')], { cwd: ROOT, env: { ...process.env, INIT_CWD: dir } });

  const blocks = shellBlocks(path.join(ROOT, 'docs/api.md'));
  expect(blocks.length).toBeGreaterThan(0);
  let output = '';
  for (const block of blocks) {
    const script = block.replace(/^BASE=.*$/m, `BASE=${atelier.origin}/api/v1`).replace(/^KEY=.*$/m, `KEY=${token}`);
    // Only those two lines differ from the doc.
    const changed = script.split('\n').filter((line, i) => line !== block.split('\n')[i]);
    expect(changed.every((line) => /^(BASE|KEY)=/.test(line))).toBe(true);
    const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    output += run.stdout;
  }
  // The last answer is the record of the video task the doc started (curl prints answers back to
  // back): its webhook reaches example.com, signed with the key's secret.
  const taskId = [...output.matchAll(/\{"id":"([0-9a-f-]{36})","object":"video_generation"/g)].at(-1)?.[1];
  expect(taskId).toBeDefined();
  await expect.poll(() => receiver.deliveries.length, { timeout: 120_000 }).toBeGreaterThan(0);
  const event = new Webhook(webhookSecret).verify(receiver.deliveries[0].body, receiver.deliveries[0].headers) as { type: string; data: { id: string } };
  expect(event).toMatchObject({ type: 'video_generation.completed', data: { id: taskId } });
});

test('the host map is refused outside the tests', () => {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', "import('./lib/config.ts').then(({ loadAppConfig }) => loadAppConfig(process.env))"], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ATELIER_TEST_HOSTS: 'example.com:443=127.0.0.1:9',
      ATELIER_SECRET: 'x'.repeat(40),
      UPSTREAM_BASE_URL: 'http://127.0.0.1:9',
    },
  });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain('ATELIER_TEST_HOSTS is for the tests only');
});

async function userIdOf(email: string): Promise<string> {
  const { rows } = await atelier.sql!.query(`SELECT id FROM "User" WHERE email = $1`, [email]);
  return rows[0].id;
}
