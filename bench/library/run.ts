// `npm run bench:library`: the library over HTTP on PostgreSQL with 250,000 results in one team (and
// 50 other teams beside it), signed in as a member would be. Each figure is the server's answer time
// for the whole response, p50 and p95 of RUNS requests, and its ratio to /api/health in the same run
// (a round trip through the same server that does one trivial query). The seeded results are
// written unindexed, as results from before the search's words were: the server is restarted and
// its backfill at start indexes them (timed), then the searches run on their words.
// Needs a build in $NEXT_DIST_DIR (default .next) and PostgreSQL at 127.0.0.1:5432.
import { readFile } from 'node:fs/promises';
import { startAtelier } from '../../test/support/atelier';
import { signUp } from '../../test/security/support/session';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 250_000);
const OTHER_TEAMS = 50;
const OTHER_ITEMS = Number(process.env.BENCH_OTHER_ITEMS ?? 2_000); // per other team
const MEMBERS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

// Prompts in both languages; each output picks one, so a word is in about 1/12 of the library.
const PROMPTS = [
  'a lighthouse by the sea at dusk',
  'lanterns along a quay at night',
  'a red fox in fresh snow',
  'a quiet harbour in the rain',
  'a teapot of blue porcelain',
  'a paper kite over green hills',
  '海边的灯塔，黄昏时分',
  '雨夜里霓虹闪烁的街道',
  '雪地里的一只红狐狸',
  '山间湖泊上的晨雾',
  '青花瓷茶壶的静物',
  '竹林中的小路和石灯笼',
];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const atelier = await startAtelier({ database: 'postgres' });
try {
  const owner = await signUp(atelier, 'Owner');
  const sql = atelier.sql!;
  const { rows } = await sql.query(`SELECT m."teamId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1`, [owner.email]);
  const teamId: string = rows[0].teamId;
  const seedStart = performance.now();
  await sql.query(
    `
    CREATE TEMP TABLE prompts AS SELECT ordinality - 1 AS n, p FROM unnest($1::text[]) WITH ORDINALITY p;
    INSERT INTO "User" (id, email, name, "updatedAt") SELECT gen_random_uuid(), 'bench' || i || '@example.com', 'Member ' || i, now() FROM generate_series(1, ${MEMBERS + OTHER_TEAMS}) i;
    INSERT INTO "Membership" (id, "teamId", "userId", role)
      SELECT gen_random_uuid(), '${teamId}', id, 'member' FROM "User" WHERE email LIKE 'bench%@example.com' ORDER BY email LIMIT ${MEMBERS};
    INSERT INTO "Team" (id, name, "updatedAt") SELECT gen_random_uuid(), 'Bench team ' || i, now() FROM generate_series(1, ${OTHER_TEAMS}) i;
    CREATE TEMP TABLE people AS SELECT row_number() OVER (ORDER BY "userId") - 1 AS n, "userId" AS id FROM "Membership" WHERE "teamId" = '${teamId}';
    CREATE TEMP TABLE others AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id AS team FROM "Team" WHERE name LIKE 'Bench team %';
  `.replace('$1::text[]', `ARRAY[${PROMPTS.map((p) => `'${p}'`).join(',')}]::text[]`),
  );
  // One generation per four outputs (a board of four models), spread over a year, newest last.
  const seed = async (team: string, items: number, who: string) => {
    await sql.query(`
      INSERT INTO "Generation" (id, "teamId", "userId", kind, status, prompt, params, "createdAt")
      SELECT gen_random_uuid(), '${team}', ${who}, (ARRAY['comparison','comparison','edit','video'])[1 + g % 4]::"GenerationKind", 'completed',
             (SELECT p FROM prompts WHERE n = g % ${PROMPTS.length}) || ' #' || g, '{}', now() - (${items / 4} - g) * interval '2 minutes'
      FROM generate_series(0, ${items / 4 - 1}) g;
      INSERT INTO "GenerationOutput" (id, "generationId", "teamId", "userId", kind, model, "entryIndex", position, status, archive, "createdAt")
      SELECT gen_random_uuid(), g.id, g."teamId", g."userId", g.kind, 'atelier-model-' || e, e, 0, 'completed', 'unsaved', g."createdAt"
      FROM "Generation" g CROSS JOIN generate_series(0, 3) e WHERE g."teamId" = '${team}';
    `);
  };
  await seed(teamId, ITEMS, `(SELECT id FROM people WHERE n = g % ${MEMBERS + 1})`);
  const others = (await sql.query(`SELECT team FROM others`)).rows as { team: string }[];
  for (const { team } of others) await seed(team, OTHER_ITEMS, `(SELECT id FROM people WHERE n = 0)`);
  // Each of the team's results has an image signature ("more like this"): a random hash, and the
  // colours of its prompt with a little noise, so a result has near neighbours among its prompt's.
  await sql.query(`
    INSERT INTO "Asset" (id, "teamId", "storageKey", "contentType", size, sha256, width, height, phash, colors)
    SELECT o.id, o."teamId", 'bench/' || o.id, 'image/png', 1000, md5(o.id::text), 1024, 1024,
           (random() * 9.2e18)::bigint * (CASE WHEN random() < 0.5 THEN -1 ELSE 1 END),
           ARRAY(SELECT ((abs(hashtext(g.prompt_head || c)) % 90) + (random() * 6)::int)::int FROM generate_series(1, 12) c)
    FROM "GenerationOutput" o JOIN LATERAL (SELECT split_part(g.prompt, ' #', 1) AS prompt_head FROM "Generation" g WHERE g.id = o."generationId") g ON true
    WHERE o."teamId" = '${teamId}';
    UPDATE "GenerationOutput" SET "assetId" = id WHERE "teamId" = '${teamId}';
  `);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const backfillStart = performance.now();
  await atelier.restart(); // its backfill at start indexes every result
  for (;;) {
    const { rows: left } = await sql.query(`SELECT count(*)::int AS n FROM "GenerationOutput" WHERE "searchIndexedAt" IS NULL`);
    if (left[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const backfillSeconds = (performance.now() - backfillStart) / 1000;
  // What autovacuum does soon after such a backfill: the GIN index forgets the rows' old, empty words.
  await sql.query('VACUUM ANALYZE "GenerationOutput"');
  await sql.query('ANALYZE');
  const member = (await sql.query(`SELECT id FROM people WHERE n = 3`)).rows[0].id as string;
  console.log(
    `seeded ${ITEMS.toLocaleString('en')} results in the team and ${(OTHER_TEAMS * OTHER_ITEMS).toLocaleString('en')} in ${OTHER_TEAMS} others in ${seedSeconds.toFixed(0)} s`,
  );

  console.log(
    `backfill of the search's words: ${(ITEMS + OTHER_TEAMS * OTHER_ITEMS).toLocaleString('en')} results in ${backfillSeconds.toFixed(0)} s (restart included)`,
  );
  const similarOf = (await sql.query(`SELECT id FROM "GenerationOutput" WHERE "teamId" = $1 ORDER BY "createdAt" DESC LIMIT 1`, [teamId])).rows[0].id as string;

  const time = async (path: string) => {
    const once = async () => {
      const start = performance.now();
      const response = await owner.fetch(path);
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return { ms: performance.now() - start, bytes: body.byteLength };
    };
    await once();
    await once(); // warm: compile-free, caches and plans warm
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) ({ bytes } = await once().then((r) => (ms.push(r.ms), r)));
    return { p50: percentile(ms, 50), p95: percentile(ms, 95), bytes };
  };

  const q = (text: string) => encodeURIComponent(text);
  const cases: Array<[string, string, number | null]> = [
    ['/api/health (baseline)', '/api/health', null],
    ['first page (/library)', '/library', 100],
    ['first page (/api/library)', '/api/library', 100],
    ['filters: kind + member + 30 days', `/library?kind=comparison&member=${member}&from=${day(-30)}&to=${day(0)}`, 150],
    ['filters: favourites + shared (none match)', '/library?fav=1&shared=1', 150],
    ['search, 3+ chars: "lighthouse"', `/library?q=${q('lighthouse')}`, 150],
    ['search, 3+ chars: "灯塔，黄"', `/library?q=${q('灯塔，黄')}`, 150],
    ['search, 3+ chars, rare: "#123456"', `/library?q=${q('#123456')}`, 150],
    ['search, 1–2 chars: "灯塔"', `/library?q=${q('灯塔')}`, 300],
    ['search, 1–2 chars: "狐"', `/library?q=${q('狐')}`, 300],
    ['search, 1–2 chars, no match: "蛙"', `/library?q=${q('蛙')}`, 300],
    ['search + filters: "fox" + kind + member', `/library?q=fox&kind=edit&member=${member}`, 150],
    // Issue 36's searches, as the live search asks them (JSON, with the count of matches).
    ['live: two words "lighthouse dusk"', `/api/library?q=${q('lighthouse dusk')}`, 150],
    ['live: typo "lighthose"', `/api/library?q=${q('lighthose')}`, 250],
    ['live: across languages "灯塔" (+ lighthouse)', `/api/library?q=${q('灯塔')}`, 200],
    ['live: across languages "red fox 雪"', `/api/library?q=${q('red fox 雪')}`, 200],
    ['live: one Han character "狐"', `/api/library?q=${q('狐')}`, 150],
    ['more like this (/api/library/{id}/similar)', `/api/library/${similarOf}/similar`, 200],
  ];
  const loadBefore = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  const results = [];
  for (const [name, path, target] of cases) results.push({ name, target, ...(await time(path)) });
  const health = results[0].p95;
  console.log(`\nload average before: ${loadBefore}; after: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
  console.log(
    `library over HTTP, PostgreSQL, ${ITEMS.toLocaleString('en')} results in the team; ${RUNS} requests each (p50 / p95 ms, p95 ÷ health p95, target)`,
  );
  for (const r of results) {
    const verdict = r.target === null ? '' : r.p95 < r.target ? `  < ${r.target} ms: met` : `  < ${r.target} ms: NOT met`;
    console.log(
      `  ${r.name.padEnd(44)} ${r.p50.toFixed(1).padStart(7)} / ${r.p95.toFixed(1).padStart(7)}   ×${(r.p95 / health).toFixed(1).padStart(5)}   ${(r.bytes / 1024).toFixed(0).padStart(4)} KiB${verdict}`,
    );
  }
} finally {
  await atelier.stop();
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
