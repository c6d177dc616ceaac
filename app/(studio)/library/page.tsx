import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ArrowLeft, Clapperboard, Images, LayoutGrid, SearchX, Trash2, WandSparkles } from 'lucide-react';
import { LibraryGrid as LibraryIllustration } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { CollectionsBar } from '@/components/library/collections';
import { LibraryFilters } from '@/components/library/library-filters';
import { LibraryGrid } from '@/components/library/library-grid';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { teamPage } from '@/lib/auth/page-context';
import { queryString, type SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';
import { listCollections } from '@/lib/library/collections';
import { libraryPageSchema, listLibrary } from '@/lib/library/items';
import { serviceModels } from '@/lib/pricing/catalog';
import { collectResults, deleteResults, newCollection, removeCollection, restoreResults, uncollectResults } from './actions';
import { listMembers } from '@/lib/teams/members';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.library.title };
}

export default async function LibraryPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(libraryPageSchema, searchParams);
  const { before, ...filters } = query;
  const [page, models, members, collections] = await Promise.all([listLibrary(ctx, query), serviceModels(ctx), listMembers(ctx), listCollections(ctx)]);
  // Another team's collection is not found, rather than an empty page.
  if (filters.collection && !collections.some((c) => c.id === filters.collection)) notFound();
  const filtered = Object.values(filters).some(Boolean);
  // The filters as the grid passes them on to every page and poll it asks for.
  const filterQuery = queryString(filters);
  const l = t.library;
  return (
    <>
      <PageHeader
        title={filters.trash ? l.trash.title : l.title}
        description={filters.trash ? l.trash.lead : l.description}
        actions={
          <Link href={filters.trash ? '/library' : '/library?trash=1'} className={buttonClass('ghost', 'sm')}>
            {filters.trash ? <ArrowLeft /> : <Trash2 />}
            {filters.trash ? l.trash.back : l.trash.link}
          </Link>
        }
      />
      {(page.items.length > 0 || filtered || before || collections.length > 0) && !filters.trash && (
        <CollectionsBar collections={collections} current={filters.collection ?? null} create={newCollection} remove={removeCollection} />
      )}
      {(page.items.length > 0 || filtered || before) && (
        <LibraryFilters
          filters={filters}
          models={models.map((m) => m.id).sort()}
          members={members}
          collections={collections}
          timeZone={ctx.team.timeZone}
          t={t}
        />
      )}
      {page.items.length === 0 && filters.trash && !filters.q ? (
        <EmptyState icon={<Trash2 />} title={l.trash.empty} description={l.trash.lead} />
      ) : page.items.length === 0 && filtered ? (
        <EmptyState icon={<SearchX />} title={l.noMatchTitle} description={l.noMatch} />
      ) : page.items.length === 0 && !before ? (
        <EmptyState icon={<Images />} title={t.emptyTitle.library} description={t.empty.library}>
          <LibraryIllustration />
        </EmptyState>
      ) : (
        // Keyed by team: switching teams starts a new grid rather than merging two teams' results.
        <LibraryGrid
          key={`${ctx.team.id}?${filterQuery}`}
          initial={page}
          filters={filterQuery}
          paged={Boolean(before)}
          remove={deleteResults}
          restore={filters.trash ? restoreResults : undefined}
          collections={collections}
          collect={collectResults}
          uncollect={filters.collection ? uncollectResults : undefined}
          collection={filters.collection}
        />
      )}
      {page.items.length === 0 && !filtered && !before && (
        <nav className="mt-6 flex flex-wrap justify-center gap-2">
          <Link href="/edit" className={buttonClass('secondary', 'sm')}>
            <WandSparkles />
            {l.start.edit}
          </Link>
          <Link href="/compare" className={buttonClass('secondary', 'sm')}>
            <LayoutGrid />
            {l.start.compare}
          </Link>
          <Link href="/videos" className={buttonClass('secondary', 'sm')}>
            <Clapperboard />
            {l.start.videos}
          </Link>
        </nav>
      )}
    </>
  );
}
