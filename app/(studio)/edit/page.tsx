import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { EditHistory } from '@/components/edit/edit-history';
import { EditStudio, type StudioInitial } from '@/components/edit/edit-studio';
import { PageHeader } from '@/components/page-header';
import { teamPage } from '@/lib/auth/page-context';
import { editModels } from '@/lib/edits/edit-models';
import { findEdit, findImageAsset, listEdits } from '@/lib/edits/history';
import { maskOverlayOf } from '@/lib/edits/studio-prefs';
import type { SearchParams } from '@/lib/http/page-query';
import { getI18n } from '@/lib/i18n/server';
import { rememberMaskOverlay } from './overlay-action';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.nav.edit };
}

const querySchema = z.object({
  asset: z.uuid().optional(),
  edit: z.uuid().optional(),
  scope: z.enum(['mine', 'team']).default('team'),
});

export default async function EditPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, t, query } = await teamPage(querySchema, searchParams);
  const [models, history, edit, asset, overlay] = await Promise.all([
    editModels(ctx),
    listEdits(ctx, query.scope),
    query.edit ? findEdit(ctx, query.edit) : null,
    query.asset ? findImageAsset(ctx, query.asset) : null,
    maskOverlayOf(ctx),
  ]);
  // Another team's edit or image answers as if it never existed.
  if ((query.edit && !edit) || (query.asset && !asset)) notFound();
  const initial: StudioInitial = { ...(edit ? { edit } : asset ? { assetId: asset.id } : {}), overlay };
  // A fresh key per target remounts the studio when the user opens another edit or asset.
  const key = edit?.id ?? asset?.id ?? 'new';
  return (
    <>
      <PageHeader title={t.edit.title} description={t.edit.description} />
      {/* The history lies under the empty studio; with a picture in, the studio fits the screen and the history opens as a panel. */}
      <EditStudio
        key={key}
        models={models}
        initial={initial}
        rememberOverlay={rememberMaskOverlay}
        history={<EditHistory records={history} scope={query.scope} activeId={edit?.id} />}
        historyPanel={<EditHistory records={history} scope={query.scope} activeId={edit?.id} inPanel />}
      />
    </>
  );
}
