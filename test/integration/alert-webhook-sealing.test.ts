import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { alertSettingsOf, alertWebhookOf, saveAlertSettings, sealAlertWebhookUrls } from '../../lib/alerts/settings';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

// A team's alert webhook address often carries a secret (a Slack or WeCom hook): it is sealed at
// rest like a service key, shown masked, kept when a save leaves it out, and an address saved
// before sealing is sealed by the step every process runs at start.

const HOOK = 'http://127.0.0.1:9/services/T000/B000/XXXXsecretXXXXa1b2';
const raw = async (teamId: string) => (await db()).alertSettings.findUniqueOrThrow({ where: { teamId }, select: { webhookUrl: true, webhookSecret: true } });

describe.each(DATABASE_KINDS)('alert webhook addresses sealed at rest on %s', (kind) => {
  let teardown: () => Promise<void>;
  let owner: TeamContext;

  beforeAll(async () => {
    // A receiver on this machine, as an operator allows one (the address is only checked here, never called).
    teardown = await useFreshDatabase(kind, { ATELIER_PRIVATE_CALLBACK_ORIGINS: 'http://127.0.0.1:9' });
    const { userId } = await createAccount({ name: 'Sina', email: 'sina@example.com', password: 'password-s1' });
    owner = await resolveTeamContext(userId);
  }, 60_000);
  afterAll(() => teardown?.());

  it('stores the address sealed, shows it masked, and opens it for a delivery', async () => {
    const { webhookSecret } = await saveAlertSettings(owner, { budgetThresholds: [80], email: false, webhookUrl: HOOK });
    const row = await raw(owner.team.id);
    expect(row.webhookUrl).toMatch(/^v1\./);
    expect(row.webhookUrl).not.toContain('127.0.0.1');
    expect((await alertSettingsOf(owner.team.id)).webhook).toBe('http://127.0.0.1:9/…a1b2');
    expect(await alertWebhookOf(owner.team.id)).toEqual({ url: HOOK, secret: webhookSecret });
  });

  it('keeps the address and its secret when a save leaves it out, and removes it on null', async () => {
    const before = await alertWebhookOf(owner.team.id);
    expect((await saveAlertSettings(owner, { budgetThresholds: [50], email: false })).webhookSecret).toBeNull();
    expect(await alertWebhookOf(owner.team.id)).toEqual(before);
    // The same address again keeps its secret; another gets a new one.
    expect((await saveAlertSettings(owner, { budgetThresholds: [50], email: false, webhookUrl: HOOK })).webhookSecret).toBeNull();
    expect((await saveAlertSettings(owner, { budgetThresholds: [50], email: false, webhookUrl: `${HOOK}2` })).webhookSecret).toMatch(/^whsec_/);
    await saveAlertSettings(owner, { budgetThresholds: [50], email: false, webhookUrl: null });
    expect(await raw(owner.team.id)).toEqual({ webhookUrl: null, webhookSecret: null });
    expect((await alertSettingsOf(owner.team.id)).webhook).toBeNull();
  });

  it('seals an address saved before sealing at start, once however often it runs', async () => {
    const { webhookSecret } = await saveAlertSettings(owner, { budgetThresholds: [50], email: false, webhookUrl: HOOK });
    await (await db()).alertSettings.update({ where: { teamId: owner.team.id }, data: { webhookUrl: HOOK } }); // as an older Atelier left it
    expect(await alertWebhookOf(owner.team.id)).toEqual({ url: HOOK, secret: webhookSecret });
    expect(await sealAlertWebhookUrls()).toBe(1);
    expect((await raw(owner.team.id)).webhookUrl).toMatch(/^v1\./);
    expect(await sealAlertWebhookUrls()).toBe(0);
    expect(await alertWebhookOf(owner.team.id)).toEqual({ url: HOOK, secret: webhookSecret });
  });
});
