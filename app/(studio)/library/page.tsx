import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ArrowLeft, Clapperboard, Images, LayoutGrid, Trash2, WandSparkles } from 'lucide-react';
import { LibraryGrid as LibraryIllustration } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { LibraryView } from '@/components/library/library-view';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { teamPage } from '@/lib/auth/page-context';
import type { SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';
import { listCollections } from '@/lib/library/collections';
import { libraryFiltersSchema, libraryPageSchema, listLibrary } from '@/lib/library/items';
import { listTags } from '@/lib/library/tags';
import { atLeast } from '@/lib/auth/roles';
import { serviceModels } from '@/lib/pricing/catalog';
import { collectResults, deleteResults, newCollection, removeCollection, restoreResults, uncollectResults } from './actions';
import { mergeTagsAction, renameTagAction, tagResults } from './tag-actions';
import { listMembers } from '@/lib/teams/members';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.library.title };
}

export default async function LibraryPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(libraryPageSchema, searchParams);
  const { before, ...filters } = query;
  const [page, models, members, collections, tags] = await Promise.all([
    listLibrary(ctx, query),
    serviceModels(ctx),
    listMembers(ctx),
    listCollections(ctx),
    listTags(ctx),
  ]);
  // Another team's collection is not found, rather than an empty page.
  if (filters.collection && !collections.some((c) => c.id === filters.collection)) notFound();
  const { trash: _trash, ...chosen } = filters;
  const filtered = Object.values(chosen).some(Boolean);
  const l = t.library;
  const admin = atLeast(ctx.role, 'admin');
  // Nothing at all to show yet: the way to make something, without filters to try.
  const bare = page.items.length === 0 && !filtered && !before;
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
      {bare && filters.trash ? (
        <EmptyState icon={<Trash2 />} title={l.trash.empty} description={l.trash.lead} />
      ) : bare && collections.length === 0 ? (
        <>
          <EmptyState icon={<Images />} title={t.emptyTitle.library} description={t.empty.library}>
            <LibraryIllustration />
          </EmptyState>
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
        </>
      ) : (
        // Keyed by team: another team's library is a new view; other filters are the view's to take.
        <LibraryView
          key={ctx.team.id}
          initial={page}
          initialValues={Object.fromEntries(Object.keys(libraryFiltersSchema.shape).map((name) => [name, filters[name as keyof typeof filters] ?? '']))}
          models={models.map((m) => m.id).sort()}
          members={members}
          collections={collections}
          tags={tags}
          timeZone={ctx.team.timeZone}
          showFilters={!bare}
          actions={{
            remove: deleteResults,
            restore: restoreResults,
            collect: collectResults,
            uncollect: uncollectResults,
            newCollection,
            removeCollection,
            tag: tagResults,
            tagAdmin: admin ? { rename: renameTagAction, merge: mergeTagsAction } : undefined,
          }}
        />
      )}
    </>
  );
}
