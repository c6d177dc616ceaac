import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { addToCollection, createCollection, deleteCollection, listCollections, removeFromCollection } from '../../lib/library/collections';
import { libraryQuerySchema, listLibrary } from '../../lib/library/items';
import { moveToTrash } from '../../lib/library/trash';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';
import { seedResult } from '../support/results';

// Collections are the team's: anyone in it collects, the maker or an admin deletes; nothing of
// another team goes in or comes out, and a result in the trash is not counted or shown.

describe.each(DATABASE_KINDS)('collections on %s', (kind) => {
  let teardown: () => Promise<void>;
  let owner: TeamContext;
  let member: TeamContext;
  let stranger: TeamContext;
  const mine: string[] = [];
  let theirs: string;

  const shown = async (ctx: TeamContext, collection: string) =>
    (await listLibrary(ctx, libraryQuerySchema.parse({ collection }))).items.map((i) => i.prompt).sort();

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    const a = await createAccount({ name: 'Cai', email: `cai.${kind}@example.com`, password: 'password-c' });
    const b = await createAccount({ name: 'Dee', email: `dee.${kind}@example.com`, password: 'password-d' });
    const c = await createAccount({ name: 'Eve', email: `eve.${kind}@example.com`, password: 'password-e' });
    await (await db()).membership.create({ data: { teamId: a.teamId, userId: b.userId, role: 'member' } });
    owner = await resolveTeamContext(a.userId, { teamId: a.teamId, strict: true });
    member = await resolveTeamContext(b.userId, { teamId: a.teamId, strict: true });
    stranger = await resolveTeamContext(c.userId, { teamId: c.teamId, strict: true });
    for (const prompt of ['one', 'two', 'three']) mine.push(await seedResult(owner, prompt));
    theirs = await seedResult(stranger, 'not yours');
  }, 60_000);
  afterAll(async () => teardown?.());

  it('collects, filters, counts and deletes by the rules, within the team only', async () => {
    const spring = await createCollection(member, 'Spring');
    expect(await addToCollection(owner, spring.id, [mine[0], mine[1], mine[1]])).toBe(2);
    expect(await addToCollection(member, spring.id, [mine[1]])).toBe(0); // already in
    await expect(addToCollection(owner, spring.id, [mine[2], theirs])).rejects.toMatchObject({ status: 404, key: 'resultMissing' });
    await expect(addToCollection(stranger, spring.id, [theirs])).rejects.toMatchObject({ status: 404, key: 'collectionMissing' });
    expect(await shown(owner, spring.id)).toEqual(['one', 'two']);
    expect(await shown(stranger, spring.id)).toEqual([]);
    expect(await listCollections(owner)).toEqual([{ id: spring.id, name: 'Spring', count: 2 }]);
    expect(await listCollections(stranger)).toEqual([]);

    // A result in the trash is neither shown nor counted.
    await moveToTrash(owner, [mine[0]]);
    expect(await shown(owner, spring.id)).toEqual(['two']);
    expect((await listCollections(owner))[0].count).toBe(1);

    expect(await removeFromCollection(member, spring.id, [mine[1]])).toBe(1);
    expect(await shown(owner, spring.id)).toEqual([]);

    // Only its maker or an admin deletes it; its results stay in the library.
    const autumn = await createCollection(owner, 'Autumn');
    await expect(deleteCollection(member, autumn.id)).rejects.toMatchObject({ status: 403, key: 'collectionNotYours' });
    await expect(deleteCollection(stranger, spring.id)).rejects.toMatchObject({ status: 404 });
    await deleteCollection(member, spring.id);
    await deleteCollection(owner, autumn.id);
    expect(await listCollections(owner)).toEqual([]);
    expect((await listLibrary(owner, libraryQuerySchema.parse({}))).items.map((i) => i.prompt).sort()).toEqual(['three', 'two']);
  });
});
