import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BackLink } from '@/components/back-link';
import { formFromParams } from '@/components/compare/board-form';
import { CompareBoard } from '@/components/compare/compare-board';
import { CompareWorkbench } from '@/components/compare/compare-workbench';
import { PageHeader } from '@/components/page-header';
import { requireTeamContext } from '@/lib/auth/page-context';
import { boardCatalog } from '@/lib/comparisons/catalog';
import { getBoard } from '@/lib/comparisons/queries';
import { describeModels, getI18n } from '@/lib/i18n/server';
import { favoriteBoard } from '../favorite-board';
import { isUuid } from '@/lib/ids';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.compare };
}

export default async function BoardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireTeamContext();
  const { t } = await getI18n();
  const board = isUuid(id) ? await getBoard(ctx, id) : null;
  if (!board) notFound();
  const { models, prices } = await boardCatalog(ctx);
  return (
    <>
      <PageHeader title={t.nav.compare} description={t.compare.description} actions={<BackLink href="/compare">{t.compare.board.back}</BackLink>} />
      {/* Keyed by board: opening another board starts from its settings. */}
      <CompareWorkbench key={board.id} models={describeModels(t, models)} prices={prices} initial={formFromParams(board.params, true)} folded>
        <CompareBoard board={board} favoriteAction={favoriteBoard} />
      </CompareWorkbench>
    </>
  );
}
