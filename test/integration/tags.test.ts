import { describe, expect, it } from 'vitest';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { selectedIds } from '../../lib/library/bulk';
import { libraryQuerySchema, listLibrary } from '../../lib/library/items';
import { addTag, listTags, mergeTags, removeTag, renameTag, suggestTags, tagsOf } from '../../lib/library/tags';
import { moveToTrash } from '../../lib/library/trash';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';
import { seedResult } from '../support/results';

// Tags are the team's: members tag and untag, owners and admins rename and merge (a merge leaves
// each result with the kept tag once); the library filters by a tag's name in any case; another
// team neither sees nor touches them.

describe.each(DATABASE_KINDS)('tags on %s', (kind) => {
  const atelier = testAtelier(kind);

  const tagged = async (ctx: TeamContext, tag: string) => (await listLibrary(ctx, libraryQuerySchema.parse({ tag }))).items.map((i) => i.prompt).sort();

  it('members tag and untag, admins rename and merge, the library filters by tag, all within the team', async () => {
    const owner = await atelier.person('Tia Owner');
    const stranger = await atelier.person('Sol Stranger');
    const memberPerson = await atelier.person('Mo Member');
    await (await db()).membership.create({ data: { teamId: owner.team.id, userId: memberPerson.user.id, role: 'member' } });
    const member = await resolveTeamContext(memberPerson.user.id, { teamId: owner.team.id, strict: true });

    const sea = await seedResult(owner, 'a lighthouse by the sea at dusk, lighthouse beam');
    const city = await seedResult(owner, 'a red balloon over the city');
    const han = await seedResult(owner, '海边的灯塔，黄昏时分');
    const theirs = await seedResult(stranger, 'not yours');

    // Made by its name on first use, found by its key after: "Dusk" and " dusk " are one tag.
    expect((await addTag(member, [sea], ' Dusk ')).tag.name).toBe('Dusk');
    expect((await addTag(owner, [sea, han], 'dusk')).count).toBe(1);
    await addTag(member, [city], 'Sunset');
    await addTag(member, [sea], 'sunsets');
    expect(await listTags(owner)).toEqual([
      { id: expect.any(String), name: 'Dusk', count: 2 },
      { id: expect.any(String), name: 'Sunset', count: 1 },
      { id: expect.any(String), name: 'sunsets', count: 1 },
    ]);
    expect(await tagged(owner, 'DUSK')).toEqual(['a lighthouse by the sea at dusk, lighthouse beam', '海边的灯塔，黄昏时分']);
    // Bulk: all that match a filter, through the same selection the other bulk actions use.
    expect((await addTag(owner, await selectedIds(owner, { filters: 'tag=dusk' }), 'coast')).count).toBe(2);

    // Another team: no tags seen, none put on its results, none on ours, none taken off.
    expect(await listTags(stranger)).toEqual([]);
    expect(await tagged(stranger, 'dusk')).toEqual([]);
    await expect(addTag(owner, [theirs], 'dusk')).rejects.toMatchObject({ status: 404 });
    await expect(addTag(stranger, [sea], 'mine now')).rejects.toMatchObject({ status: 404 });
    const byName = new Map((await listTags(owner)).map((tag) => [tag.name, tag]));
    const [dusk, sunset, sunsets] = ['Dusk', 'Sunset', 'sunsets'].map((name) => byName.get(name)!);
    expect(await removeTag(stranger, sea, dusk.id)).toBe(0);
    await expect(renameTag(stranger, dusk.id, 'Gone')).rejects.toMatchObject({ status: 404 });
    await expect(mergeTags(stranger, dusk.id, [sunset.id])).rejects.toMatchObject({ status: 404 });

    // Members may not rename or merge; owners may, and a name another tag has is a conflict.
    await expect(renameTag(member, sunset.id, 'Golden hour')).rejects.toMatchObject({ status: 403 });
    await expect(mergeTags(member, sunset.id, [sunsets.id])).rejects.toMatchObject({ status: 403 });
    await expect(renameTag(owner, sunsets.id, 'SUNSET')).rejects.toMatchObject({ status: 409, key: 'tagExists' });
    await renameTag(owner, sunset.id, 'Golden  hour');
    expect(await tagged(owner, 'golden hour')).toEqual(['a red balloon over the city']);

    // Merge: 'sunsets' and 'Dusk' into 'Golden hour'; the lighthouse had two of them and keeps one.
    await addTag(owner, [sea], 'Golden hour');
    expect(await mergeTags(owner, sunset.id, [sunsets.id, dusk.id])).toBe(1); // the Chinese one; the lighthouse already had it
    expect((await listTags(owner)).map((t) => [t.name, t.count])).toEqual([
      ['coast', 2],
      ['Golden hour', 3],
    ]);
    expect((await tagsOf(owner, sea)).map((t) => t.name)).toEqual(['coast', 'Golden hour']);
    expect(await tagged(owner, 'dusk')).toEqual([]);

    // Untag; a result in the trash is not counted.
    expect(await removeTag(member, city, sunset.id)).toBe(1);
    await moveToTrash(owner, [han]);
    expect((await listTags(owner)).map((t) => [t.name, t.count])).toEqual([
      ['coast', 1],
      ['Golden hour', 1],
    ]);

    // Suggestions: the team's tags the prompt names, the vocabulary's terms, its frequent words, less what it carries.
    await addTag(owner, [city], 'Lighthouse');
    expect(await suggestTags(owner, 'a lighthouse by the sea at dusk, lighthouse beam', ['coast', 'Golden hour'])).toEqual([
      'Lighthouse',
      'sea',
      'dusk',
      'beam',
    ]);
    expect(await suggestTags(stranger, 'a lighthouse by the sea', [])).toEqual(['lighthouse', 'sea']);
    // The search's vocabulary names the subjects of a Chinese prompt (灯塔, not 灯 and 塔 inside it).
    expect(await suggestTags(stranger, '海边的灯塔，黄昏时分', [])).toEqual(['海边', '灯塔', '黄昏']);
  });
});
