import type { Metadata } from 'next';
import Link from 'next/link';
import { Clapperboard, Images, LayoutGrid, WandSparkles } from 'lucide-react';
import { LibraryGrid as LibraryIllustration } from '@/components/empty/illustrations';
import { EmptyState } from '@/components/empty/empty-state';
import { LibraryGrid } from '@/components/library/library-grid';
import { PageHeader } from '@/components/page-header';
import { buttonClass } from '@/components/ui/button';
import { teamPage } from '@/lib/auth/page-context';
import type { SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';
import { libraryPageSchema, listLibrary } from '@/lib/library/items';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.library.title };
}

export default async function LibraryPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(libraryPageSchema, searchParams);
  const page = await listLibrary(ctx, query);
  const l = t.library;
  return (
    <>
      <PageHeader title={l.title} description={l.description} />
      {page.items.length === 0 && !query.before ? (
        <EmptyState icon={<Images />} title={t.emptyTitle.library} description={t.empty.library}>
          <LibraryIllustration />
        </EmptyState>
      ) : (
        // Keyed by team: switching teams starts a new grid rather than merging two teams' results.
        <LibraryGrid key={ctx.team.id} initial={page} paged={Boolean(query.before)} />
      )}
      {page.items.length === 0 && !query.before && (
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
