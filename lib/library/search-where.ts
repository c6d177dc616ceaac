import type { TeamContext } from '../auth/context';
import { Prisma } from '../db/generated/client';
import { db } from '../runtime';
import { parseSearch, termsOf, type Alternative, type ParsedSearch, type SearchTerm } from './search-query';
import { hanCharacters, normalizeText, searchWordsOf } from './search-words';

// A library search as conditions on outputs, for the same queries the filters feed (pages, neighbours,
// bulk selections), so a search pages by the library's keyset like any filter. Each term is an OR of
// GIN lookups in the stored words (GenerationOutput.searchWords); outputs not indexed yet (their words
// still empty: found through the same GIN index) fall back to a substring of the prompt. Names are
// searched at query time: a term that is a word of a member's, API key's, collection's or tag's name
// matches that one's results. A word nothing in the team has exactly may be a misspelling: the
// trigram index finds close spellings (pg_trgm), which stand in for it. So one search is either all
// exact or matched through a close spelling throughout, exact results are never pushed down by typo
// ones, and newest first stays the order.

type Where = Prisma.GenerationOutputWhereInput;

/** How similar a stored word must be to a misspelt one (pg_trgm's similarity, 0..1). */
const CLOSE_ENOUGH = 0.5;
/** Rows whose prompt is near a misspelt word that are read for their close words: enough to find the common ones. */
const CLOSE_ROWS = 300;
/** Close words taken per misspelt word, most similar first. */
const CLOSE_WORDS = 6;

/** Prisma's `contains` is LIKE '%…%' without escaping: a searched % or _ must match only itself. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the stored words are before the index job has written them (matched by the GIN index). */
const UNINDEXED: Where = { searchWords: { equals: [] } };

/** The text an alternative must hold as a substring (for an output not yet indexed). */
const substrings = (alt: Alternative): string[] => (alt.han ? [alt.han, ...alt.words.filter((w) => !hanCharacters(w).length)] : alt.words);

/** Whose results a term names: members, API keys, collections, tags (ids, per kind). */
interface NamedBy {
  member: string[];
  key: string[];
  collection: string[];
  tag: string[];
}
const noNames = (): NamedBy => ({ member: [], key: [], collection: [], tag: [] });

/** Whether a set of words (a stored output's, or a name's) and its text satisfy an alternative. */
const satisfies = (alt: Alternative, words: Set<string>, text: string) => alt.words.every((w) => words.has(w)) && (!alt.han || text.includes(alt.han));

function termWhere(term: SearchTerm, named: NamedBy): Where {
  const single = term.alternatives.filter((alt) => alt.words.length === 1 && !alt.han).map((alt) => alt.words[0]);
  const several = term.alternatives.filter((alt) => alt.words.length > 1 || alt.han);
  const or: Where[] = [
    ...(single.length ? [{ searchWords: { hasSome: single } }] : []),
    ...several.map((alt): Where => ({ searchWords: { hasEvery: alt.words }, ...(alt.han ? { searchText: { contains: likeLiteral(alt.han) } } : {}) })),
    { ...UNINDEXED, OR: term.alternatives.map((alt) => ({ AND: substrings(alt).map((s) => ({ searchText: { contains: likeLiteral(s) } })) })) },
    ...(named.member.length ? [{ userId: { in: named.member } }] : []),
    ...(named.key.length ? [{ generation: { apiKeyId: { in: named.key } } }] : []),
    ...(named.collection.length ? [{ collections: { some: { collectionId: { in: named.collection } } } }] : []),
    ...(named.tag.length ? [{ tags: { some: { tagId: { in: named.tag } } } }] : []),
  ];
  return { OR: or };
}

function phraseWhere(phrase: string): Where {
  const contains: Where = { searchText: { contains: likeLiteral(phrase) } };
  // A Han phrase's characters are stored words: the GIN index narrows the rows the LIKE reads.
  const han = hanCharacters(phrase);
  return han.length ? { AND: [contains, { OR: [{ searchWords: { hasEvery: han } }, UNINDEXED] }] } : contains;
}

/**
 * The names of the team's members, API keys, collections and tags that hold a term's words, in one
 * statement (a LIKE narrows them; the words are then compared as the stored ones are).
 */
async function namedBy(teamId: string, terms: SearchTerm[]): Promise<NamedBy[]> {
  const patterns = [...new Set(terms.flatMap((t) => t.alternatives.flatMap(substrings)))].map((s) => `%${likeLiteral(s)}%`);
  if (patterns.length === 0) return terms.map(noNames);
  const rows = await (
    await db()
  ).$queryRaw<Array<{ source: keyof NamedBy; id: string; name: string }>>`
    SELECT 'member' AS source, u.id::text AS id, u.name FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."teamId" = ${teamId}::uuid AND lower(u.name) LIKE ANY(${patterns}::text[])
    UNION ALL SELECT 'key', k.id::text, k.name FROM "ApiKey" k WHERE k."teamId" = ${teamId}::uuid AND lower(k.name) LIKE ANY(${patterns}::text[])
    UNION ALL SELECT 'collection', c.id::text, c.name FROM "Collection" c WHERE c."teamId" = ${teamId}::uuid AND lower(c.name) LIKE ANY(${patterns}::text[])
    UNION ALL SELECT 'tag', t.id::text, t.name FROM "Tag" t WHERE t."teamId" = ${teamId}::uuid AND lower(t.name) LIKE ANY(${patterns}::text[])`;
  const names = rows.map((row) => ({ ...row, words: new Set(searchWordsOf(row.name)), text: normalizeText(row.name) }));
  return terms.map((term) => {
    const named = noNames();
    for (const name of names) if (term.alternatives.some((alt) => satisfies(alt, name.words, name.text))) named[name.source].push(name.id);
    return named;
  });
}

/** Which of the terms some output of the team has exactly (indexed, or not yet and in its prompt). */
async function knownTerms(teamId: string, terms: SearchTerm[]): Promise<boolean[]> {
  if (terms.length === 0) return [];
  const rows = Prisma.join(
    terms.map((term, i) => {
      const words = term.alternatives.flatMap((alt) => (alt.words.length === 1 && !alt.han ? alt.words : []));
      const patterns = term.alternatives.flatMap(substrings).map((s) => `%${likeLiteral(s)}%`);
      return Prisma.sql`(${i}::int, ${words}::text[], ${patterns}::text[])`;
    }),
  );
  const known = await (
    await db()
  ).$queryRaw<Array<{ i: number }>>`
    SELECT x.i FROM (VALUES ${rows}) AS x(i, words, patterns)
    WHERE EXISTS (SELECT 1 FROM "GenerationOutput" o WHERE o."teamId" = ${teamId}::uuid AND o."searchWords" && x.words)
       OR EXISTS (SELECT 1 FROM "GenerationOutput" o WHERE o."teamId" = ${teamId}::uuid AND o."searchWords" = '{}' AND o."searchText" LIKE ANY(x.patterns))`;
  const found = new Set(known.map((row) => Number(row.i)));
  return terms.map((_, i) => found.has(i));
}

/**
 * The team's stored words closest to a misspelt one: read from outputs whose prompt the trigram
 * index finds near it (`<%`, word similarity), kept if similar enough as whole words.
 */
async function closeWords(teamId: string, word: string): Promise<string[]> {
  const rows = await (
    await db()
  ).$queryRaw<Array<{ w: string }>>`
    SELECT w FROM (
      SELECT DISTINCT w FROM (
        SELECT o."searchWords" FROM "GenerationOutput" o
        WHERE o."teamId" = ${teamId}::uuid AND ${word} <% o."searchText" LIMIT ${CLOSE_ROWS}
      ) r, unnest(r."searchWords") w
    ) c
    WHERE similarity(w, ${word}) >= ${CLOSE_ENOUGH}
    ORDER BY similarity(w, ${word}) DESC, w LIMIT ${CLOSE_WORDS}`;
  return rows.map((row) => row.w);
}

/** A misspelt term stands for the terms of its close words (with their forms and vocabulary), or for itself. */
async function respelt(teamId: string, term: SearchTerm): Promise<SearchTerm> {
  const close = await closeWords(teamId, term.typed);
  if (close.length === 0) return term;
  return { ...term, alternatives: close.flatMap((word) => termsOf([word])[0].alternatives) };
}

/** The search as read, with what only the database knows: names it matches, and misspellings respelt. */
export async function resolveSearch(teamId: string, search: ParsedSearch): Promise<{ search: ParsedSearch; named: NamedBy[]; excludedNamed: NamedBy[] }> {
  const named = await namedBy(teamId, [...search.terms, ...search.excluded]);
  const [included, excludedNamed] = [named.slice(0, search.terms.length), named.slice(search.terms.length)];
  const doubtful = search.terms.filter((term, i) => term.mayBeMisspelt && Object.values(included[i]).every((ids) => ids.length === 0));
  const known = await knownTerms(teamId, doubtful);
  const misspelt = new Set(doubtful.filter((_, i) => !known[i]));
  const terms = await Promise.all(search.terms.map((term) => (misspelt.has(term) ? respelt(teamId, term) : term)));
  return { search: { ...search, terms }, named: included, excludedNamed };
}

/** The conditions a search (as typed in the library's `q`) puts on the team's outputs. */
export async function searchWhere(ctx: TeamContext, q: string): Promise<Where[]> {
  const { search, named, excludedNamed } = await resolveSearch(ctx.team.id, parseSearch(q));
  return [
    ...search.terms.map((term, i) => termWhere(term, named[i])),
    ...search.excluded.map((term, i): Where => ({ NOT: termWhere(term, excludedNamed[i]) })),
    ...search.phrases.map(phraseWhere),
  ];
}
