import { expect, sharedAtelier, test } from './support/fixtures';
import { signUp, type Session } from './support/session';

// A team's tags, attacked by hand: a member's forged rename and merge are refused by role and change
// nothing (an admin's go through), and a member of another team can neither see, use nor touch them.

const atelier = sharedAtelier('postgres');

/** One board image of the session's active team, made through the route the compare page calls. */
async function result(session: Session, prompt: string): Promise<string> {
  const made = await session.fetch('/api/compare', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt, models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: 1 }),
  });
  expect(made.status).toBe(201);
  const page = (await (await session.fetch(`/api/library?q=${encodeURIComponent(prompt)}`)).json()) as { items: Array<{ id: string }> };
  return page.items[0].id;
}

test("a member's forged tag renames and merges are refused; another team never sees or touches the tags", async () => {
  const owner = await signUp(atelier, 'Tess Owner');
  const member = await signUp(atelier, 'Mel Member');
  const stranger = await signUp(atelier, 'Stan Stranger');
  await owner.createTeam('Tagged');
  const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
  await member.act('acceptInviteAction', { token }, `/invite/${token}`);
  const id = await result(owner, 'a lighthouse for the tags');

  // Members tag and untag.
  await owner.act('tagResults', { name: 'Keep', ids: [id] }, '/library');
  await member.act('tagResults', { name: 'Other', ids: [id] }, '/library');
  const tags = async () =>
    (
      await atelier.sql!.query(
        `SELECT t.id, t.name, count(ot."outputId")::int AS results FROM "Tag" t LEFT JOIN "OutputTag" ot ON ot."tagId" = t.id
         WHERE t."teamId" = (SELECT "teamId" FROM "GenerationOutput" WHERE id = $1) GROUP BY t.id ORDER BY t.name`,
        [id],
      )
    ).rows as Array<{ id: string; name: string; results: number }>;
  const [keep, other] = await tags();
  expect([keep.name, other.name]).toEqual(['Keep', 'Other']);

  // The member's session posts the admins' actions by hand: refused by role, nothing changed.
  expect((await member.action('renameTagAction', { id: keep.id, name: 'Taken over' }, '/library')).result).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  expect((await member.action('mergeTagsAction', { into: other.id, from: [keep.id] }, '/library')).result).toMatchObject({
    ok: false,
    error: { code: 'forbidden' },
  });
  expect(await tags()).toEqual([
    { ...keep, results: 1 },
    { ...other, results: 1 },
  ]);

  // Another team's owner: its own tag list is empty, our tag filter finds nothing of ours, and every
  // action on our tags or result is refused (not found) and changes nothing.
  await stranger.act('tagResults', { name: 'Mine', ids: [await result(stranger, 'a result of their own')] }, '/library');
  const theirLibrary = (await (await stranger.fetch('/api/library?tag=Keep')).json()) as { items: unknown[] };
  expect(theirLibrary.items).toEqual([]);
  expect((await stranger.fetch('/library')).status).toBe(200);
  expect(await (await stranger.fetch('/library')).text()).not.toContain('Keep');
  const refused = [
    await stranger.action('tagResults', { name: 'Keep', ids: [id] }, '/library'),
    await stranger.action('untagResult', { id, tagId: keep.id }, '/library'),
    await stranger.action('renameTagAction', { id: keep.id, name: 'Stolen' }, '/library'),
    await stranger.action('mergeTagsAction', { into: keep.id, from: [other.id] }, '/library'),
  ];
  for (const attempt of refused.slice(0, 1).concat(refused.slice(2))) expect(attempt.result).toMatchObject({ ok: false, error: { code: 'not_found' } });
  expect(refused[1].result).toMatchObject({ ok: true, data: { count: 0 } });
  expect(await tags()).toEqual([
    { ...keep, results: 1 },
    { ...other, results: 1 },
  ]);

  // The owner may: merged, the result carries the kept tag once.
  await owner.act('mergeTagsAction', { into: keep.id, from: [other.id] }, '/library');
  expect(await tags()).toEqual([{ ...keep, results: 1 }]);
});
