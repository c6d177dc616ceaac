import { beforeAll, describe, expect, it } from 'vitest';
import type { TeamContext } from '../../lib/auth/context';
import { getBoard } from '../../lib/comparisons/queries';
import { runBoard } from '../support/runs';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { editFieldsSchema } from '../../lib/edits/run-edit';
import { MAX_PROMPT_CHARS } from '../../lib/text';
import { createVideoSchema } from '../../lib/videos/create-video';
import { MAX_PROMPT_CHARS as SERVICE_MAX_PROMPT_CHARS } from '@atelier/reference-service/requests';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';

// Every prompt (edit, board, video) takes what the service takes, 32,000 characters counted as the
// service counts them (code points, any script: decisions.md row 15), from one constant; nothing
// longer is cut: it is refused.

const board = (prompt: string) => ({ prompt, models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: 5 });
const video = (prompt: string) => ({ model: 'atelier-motion', prompt, duration: 3, resolution: '480p' });
const edit = (prompt: string) => ({ prompt, kind: 'local', requestId: '6f1c3a9e-2d4b-4c8a-9f0e-1a2b3c4d5e6f' });
const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('one prompt limit', () => {
  it("is the service's", () => {
    expect(MAX_PROMPT_CHARS).toBe(SERVICE_MAX_PROMPT_CHARS);
    expect(MAX_PROMPT_CHARS).toBe(32_000);
  });

  it.each([
    ['a board', boardInputSchema, board],
    ['a video', createVideoSchema, video],
    ['an edit', editFieldsSchema, edit],
  ] as const)('%s takes up to 32,000 characters in any script, and refuses one more', (_, schema, make) => {
    for (const unit of ['x', '山', '🙂']) {
      expect(ok(schema, make(unit.repeat(5_000)))).toBe(true);
      expect(ok(schema, make(unit.repeat(32_000)))).toBe(true);
      expect(ok(schema, make(unit.repeat(32_001)))).toBe(false);
    }
  });
});

describe.each(DATABASE_KINDS)('a long prompt on %s', (kind) => {
  const atelier = testAtelier(kind);
  let ctx: TeamContext;
  beforeAll(async () => {
    ctx = await atelier.person('Lina');
  });

  it('runs a board with a 32,000-character prompt, kept whole', async () => {
    const prompt = 'a harbour at dawn, '.repeat(2_000).slice(0, 32_000).trim();
    const { id } = await runBoard(ctx, boardInputSchema.parse(board(prompt)));
    const saved = (await getBoard(ctx, id))!;
    expect(saved.status).toBe('completed');
    expect(saved.params.prompt).toBe(prompt);
  });
});
