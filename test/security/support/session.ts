import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Atelier } from '../../support/atelier';

// A signed-in person talking to Atelier over plain HTTP, as a script (or an attacker) would:
// cookies from a real sign-up in Chromium, then requests and server-action calls by hand.

const ROOT = path.resolve(import.meta.dirname, '../../..');

type ActionResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; key?: string } };

/** The id Next.js gave a server action in this build, by its exported name. */
export function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const ids = Object.entries(manifest.node)
    .filter(([, entry]) => entry.exportedName === name)
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`expected one server action named ${name}, found ${ids.length}`);
  return ids[0];
}

/**
 * A page that serves the action in this build (one without a dynamic segment when there is one,
 * else one with its segments filled in): the path to post the action to.
 */
export function actionPage(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; workers: Record<string, unknown> }>;
  };
  const pages = Object.values(manifest.node)
    .filter((entry) => entry.exportedName === name)
    .flatMap((entry) => Object.keys(entry.workers))
    .filter((worker) => worker.endsWith('/page'))
    .map(
      (worker) =>
        `/${worker
          .replace(/^app\//, '')
          .replace(/\/?page$/, '')
          .split('/')
          .filter((segment) => !/^\(.*\)$/.test(segment))
          .join('/')}`.replace(/\/$/, '') || '/',
    )
    .sort((a, b) => Number(a.includes('[')) - Number(b.includes('[')));
  if (!pages[0]) throw new Error(`no page serves the server action ${name}`);
  return pages[0].replace(/\[[^\]]+\]/g, 'x'.repeat(32));
}

/** The action's return value from a React Server Components answer: row 0 points at the row that holds it. */
function actionValue(body: string): unknown {
  const rows = new Map<string, string>();
  for (const line of body.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) rows.set(line.slice(0, at), line.slice(at + 1));
  }
  const head = JSON.parse(rows.get('0') ?? 'null') as { a?: string } | null;
  const ref = head?.a?.replace(/^\$@/, '');
  if (!ref || !rows.has(ref)) throw new Error(`no action result in: ${body.slice(0, 300)}`);
  return JSON.parse(rows.get(ref)!);
}

export class Session {
  private readonly jar = new Map<string, string>();

  constructor(
    readonly atelier: Atelier,
    readonly email: string,
    cookies: Array<{ name: string; value: string }>,
    /** The origin the pages are served from, when requests go to one replica behind a balancer. */
    readonly siteOrigin = atelier.origin,
  ) {
    for (const c of cookies) this.jar.set(c.name, c.value);
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A same-origin request with this person's cookies (headers given win); cookies set in the answer are kept. */
  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('cookie')) headers.set('cookie', this.cookie);
    if (!headers.has('origin')) headers.set('origin', this.siteOrigin);
    const response = await fetch(`${this.atelier.origin}${pathname}`, { redirect: 'manual', ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  }

  /** Signs out the way the account menu does (the action answers with a redirect to /sign-in). */
  async signOut(): Promise<void> {
    const response = await this.fetch('/settings', {
      method: 'POST',
      headers: { 'next-action': actionId('signOutAction'), accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8' },
      body: '[]',
    });
    if (!response.ok) throw new Error(`sign-out failed: ${response.status}`);
    await response.arrayBuffer();
  }

  /** Creates a team (the action makes it the active one). */
  async createTeam(name: string): Promise<void> {
    await this.act('createTeamAction', { name }, '/settings');
  }

  /** The active team's settled ledger lines of the last days, from the CSV export (as the dashboard sums them). */
  async settled(): Promise<{ lines: number; total: number }> {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const response = await this.fetch(`/api/ledger/export?from=${day(-1)}&to=${day(1)}`);
    if (!response.ok) throw new Error(`ledger export: ${response.status}`);
    const rows = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    // The amount is the last but one cell; only the prompt, earlier, can hold quoted commas.
    const total = rows.reduce((sum, row) => sum + Number(row.split(',').at(-2)), 0);
    return { lines: rows.length, total: Math.round(total * 10_000) / 10_000 };
  }

  /** Calls a server action the way the browser does: POST to a page with the action id and the arguments as JSON. */
  async action<T = unknown>(name: string, input: unknown, page = '/edit'): Promise<{ status: number; result: ActionResult<T> | null }> {
    const response = await this.fetch(page, {
      method: 'POST',
      headers: { 'next-action': actionId(name), accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify([input]),
    });
    const body = await response.text();
    return { status: response.status, result: response.ok ? (actionValue(body) as ActionResult<T>) : null };
  }

  /** Like `action`, failing the test unless the action succeeded. */
  async act<T = unknown>(name: string, input: unknown, page?: string): Promise<T> {
    const { status, result } = await this.action<T>(name, input, page);
    if (!result?.ok) throw new Error(`${name} failed (${status}): ${JSON.stringify(result)}`);
    return result.data;
  }
}

/**
 * A form action's arguments as React sends them: the form's fields (reference 1) first, then the
 * arguments themselves, the previous state and that form data.
 */
export function formActionBody(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(`_1_${name}`, value);
  form.set('0', JSON.stringify([{}, '$K1']));
  return form;
}

export const PASSWORD = 'security-password-1';

/** Signs a new person up through the sign-up form's action, as the page's form sends it, and returns their session. */
export async function signUp(atelier: Atelier, name: string): Promise<Session> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@security.test`;
  const response = await fetch(`${atelier.origin}/sign-up`, {
    method: 'POST',
    headers: { origin: atelier.origin, 'next-action': actionId('signUpWithPassword'), accept: 'text/x-component' },
    body: formActionBody({ name, email, password: PASSWORD }),
    redirect: 'manual',
  });
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
  await response.arrayBuffer();
  if (!response.headers.get('x-action-redirect') || !cookies.some((c) => c.name === 'authjs.session-token')) {
    throw new Error(`sign-up of ${email} failed: ${response.status}`);
  }
  return new Session(atelier, email, [{ name: 'atelier-locale', value: 'en' }, ...cookies]);
}
