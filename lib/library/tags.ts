import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { AppError } from '../errors';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';
import { nameText } from '../text';
import { frequentWords, keysInPrompt, tagKey, tidyTagName } from './tag-words';
import { readVocabulary } from './vocabulary';
import type { TagSummary } from './view';

// Tags: the team's words for its results. Members put them on and take them off; owners and admins
// rename and merge them (a merge moves every result of the others onto the one kept). A tag is
// found by its key (the name lower-cased), so "Sunset" and "sunset " are one tag.

export const TAG_MAX = 40;
export const tagNameSchema = nameText().overwrite(tidyTagName).min(1, 'Name the tag.').max(TAG_MAX, `A tag is at most ${TAG_MAX} characters.`);

const missing = () => new AppError('not_found', 'That tag is not in this team.', { key: 'tagMissing' });
const adminsOnly = () => new AppError('forbidden', 'Only owners and admins can rename or merge tags.', { key: 'adminsOnly' });

/** The team's tags by name, each with how many live results carry it. */
export async function listTags(ctx: TeamContext): Promise<TagSummary[]> {
  const rows = await (
    await db()
  ).tag.findMany({
    where: { teamId: ctx.team.id },
    select: { id: true, name: true, _count: { select: { outputs: { where: { output: LIVE } } } } },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, count: row._count.outputs })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The tags on one result of the team, by name. */
export async function tagsOf(ctx: TeamContext, outputId: string): Promise<Array<{ id: string; name: string }>> {
  const rows = await (
    await db()
  ).outputTag.findMany({ where: { outputId, tag: { teamId: ctx.team.id } }, select: { tag: { select: { id: true, name: true } } } });
  return rows.map((row) => row.tag).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Puts the tag named `name` on results of the team (made when the team has none by that name), all
 * or none: a result of another team, or not live, refuses the whole. Answers how many it newly tagged.
 */
export async function addTag(ctx: TeamContext, outputIds: string[], name: string): Promise<{ tag: { id: string; name: string }; count: number }> {
  const prisma = await db();
  const ids = [...new Set(outputIds)];
  const found = await prisma.generationOutput.count({ where: { id: { in: ids }, teamId: ctx.team.id, status: 'completed', ...LIVE } });
  if (found !== ids.length) throw new AppError('not_found', 'That result is not in this team.', { key: 'resultMissing' });
  const key = tagKey(name);
  const tag = await prisma.tag.upsert({
    where: { teamId_key: { teamId: ctx.team.id, key } },
    create: { teamId: ctx.team.id, name: tidyTagName(name), key, createdById: ctx.user.id },
    update: {},
    select: { id: true, name: true },
  });
  const { count } = await prisma.outputTag.createMany({
    data: ids.map((outputId) => ({ outputId, tagId: tag.id, addedById: ctx.user.id })),
    skipDuplicates: true,
  });
  return { tag, count };
}

/** Takes a tag off one result (the tag stays in the team, with its other results). */
export async function removeTag(ctx: TeamContext, outputId: string, tagId: string): Promise<number> {
  const { count } = await (await db()).outputTag.deleteMany({ where: { outputId, tagId, tag: { teamId: ctx.team.id }, output: { teamId: ctx.team.id } } });
  return count;
}

async function teamTags(ctx: TeamContext, ids: string[]) {
  const rows = await (await db()).tag.findMany({ where: { id: { in: ids }, teamId: ctx.team.id }, select: { id: true, key: true } });
  if (rows.length !== new Set(ids).size) throw missing();
  return rows;
}

/** Renames a tag (owners and admins); a name another tag already has is refused: merge them instead. */
export async function renameTag(ctx: TeamContext, tagId: string, name: string): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw adminsOnly();
  await teamTags(ctx, [tagId]);
  const key = tagKey(name);
  const prisma = await db();
  const taken = await prisma.tag.findFirst({ where: { teamId: ctx.team.id, key, NOT: { id: tagId } }, select: { id: true } });
  if (taken) throw new AppError('conflict', 'Another tag has that name: merge the two instead.', { key: 'tagExists' });
  await prisma.tag.update({ where: { id: tagId }, data: { name: tidyTagName(name), key } });
}

/**
 * Merges tags into the one kept (owners and admins), in one transaction: every result of the others
 * gets the kept tag (once: a result that had both keeps one), then the others go. Answers how many
 * results newly carry the kept tag.
 */
export async function mergeTags(ctx: TeamContext, intoId: string, fromIds: string[]): Promise<number> {
  if (!atLeast(ctx.role, 'admin')) throw adminsOnly();
  const from = [...new Set(fromIds)].filter((id) => id !== intoId);
  if (from.length === 0) throw new AppError('invalid_input', 'Choose another tag to merge into this one.', { key: 'tagMergeSelf' });
  await teamTags(ctx, [intoId, ...from]);
  return (await db()).$transaction(async (tx) => {
    const moving = await tx.outputTag.findMany({ where: { tagId: { in: from } }, select: { outputId: true, addedById: true, addedAt: true } });
    const { count } = await tx.outputTag.createMany({
      data: moving.map((row) => ({ ...row, tagId: intoId })),
      skipDuplicates: true,
    });
    await tx.tag.deleteMany({ where: { id: { in: from }, teamId: ctx.team.id } });
    return count;
  });
}

let terms: string[] | undefined;
/** Every word and phrase of the search's bilingual vocabulary, lower-cased (read once per process). */
const vocabularyTerms = () =>
  (terms ??= readVocabulary()
    .flatMap((line) => [...line.zh, ...line.en])
    .map((term) => term.toLowerCase())
    .filter(Boolean));

/** The vocabulary's terms a prompt holds, as they come in it; a term inside a longer one found (灯 in 灯塔) left out. */
function vocabularyIn(prompt: string): string[] {
  const found = keysInPrompt(prompt, vocabularyTerms());
  const lower = prompt.toLowerCase();
  return found.filter((term) => !found.some((other) => other !== term && other.includes(term))).sort((a, b) => lower.indexOf(a) - lower.indexOf(b));
}

/**
 * Tags to offer for a result, from its prompt: the team's tags whose names the prompt holds, the
 * terms of the search's vocabulary it holds (subjects, colours, styles, times of day, moods), then its
 * frequent words, without those it already carries (at most `limit`).
 */
export async function suggestTags(ctx: TeamContext, prompt: string, carried: string[], limit = 8): Promise<string[]> {
  const tags = await (await db()).tag.findMany({ where: { teamId: ctx.team.id }, select: { name: true, key: true } });
  const names = new Map(tags.map((tag) => [tag.key, tag.name]));
  const have = new Set(carried.map(tagKey));
  const offered = [...keysInPrompt(prompt, names.keys()).map((key) => names.get(key)!), ...vocabularyIn(prompt).slice(0, 5), ...frequentWords(prompt)];
  const unique = new Map<string, string>();
  for (const name of offered) if (!have.has(tagKey(name)) && !unique.has(tagKey(name))) unique.set(tagKey(name), name);
  return [...unique.values()].slice(0, limit);
}
