import type { Metadata } from 'next';
import { z } from 'zod';
import { LayoutGrid } from 'lucide-react';
import { BoardHistory } from '@/components/compare/board-history';
import { CompareWorkbench } from '@/components/compare/compare-workbench';
import { CompareSlots } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { PageHeader } from '@/components/page-header';
import { teamPage } from '@/lib/auth/page-context';
import { MAX_PROMPT_CHARS, promptLength, promptText } from '@/lib/text';
import { boardCatalog } from '@/lib/comparisons/catalog';
import { listBoards } from '@/lib/comparisons/queries';
import { format } from '@/lib/i18n';
import type { SearchParams } from '@/lib/http/page-query';
import { describeModels, getI18n } from '@/lib/i18n/server';
import { IMAGE_SIZES } from '@/lib/upstream/defaults';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.compare };
}

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  // "New board from this" (the library): a prompt, seed and size to start from.
  prompt: promptText()
    .refine((text) => promptLength(text) <= MAX_PROMPT_CHARS)
    .optional(),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  size: z.enum(IMAGE_SIZES).optional(),
});

export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const {
    ctx,
    t,
    locale,
    query: { page, ...from },
  } = await teamPage(querySchema, searchParams);
  const [{ models, prices }, history] = await Promise.all([boardCatalog(ctx), listBoards(ctx, page)]);
  const initial = {
    prompt: from.prompt ?? '',
    models: models.slice(0, 2).map((m) => m.id),
    size: from.size ?? ('1024x1024' as const),
    n: 1,
    background: 'opaque' as const,
    seedMode: from.seed === undefined ? ('random' as const) : ('locked' as const),
    seed: from.seed === undefined ? '' : String(from.seed),
    responseFormat: 'url' as const,
  };
  return (
    <>
      <PageHeader title={t.nav.compare} description={t.compare.description} />
      <div className="grid gap-8">
        <CompareWorkbench models={describeModels(t, models)} prices={prices} initial={initial}>
          <EmptyState icon={<LayoutGrid />} title={t.compare.board.empty} description={t.compare.board.emptyHint}>
            <CompareSlots labels={[1, 2, 3, 4].map((n) => format(t.studio.model, { n }))} />
          </EmptyState>
        </CompareWorkbench>
        <BoardHistory items={history.items} page={page} hasMore={history.hasMore} t={t} locale={locale} />
      </div>
    </>
  );
}
