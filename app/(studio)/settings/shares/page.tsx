import type { Metadata } from 'next';
import { ShareLinksCard } from '@/components/settings/share-links-card';
import type { ShareLinkItem } from '@/components/settings/share-link-types';
import { requireTeamContext } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import type { SharedTarget } from '@/lib/share/list';
import { getI18n } from '@/lib/i18n/server';
import { listShareLinks } from '@/lib/share';
import { revokeShare } from './revoke-share';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.share.settings.tab };
}

/** Where a link's row leads: the one item in the library, the collection, or the result's own page. */
function targetHref(target: SharedTarget): string {
  if (target.kind === 'collection') return `/library?collection=${target.collectionId}`;
  if (target.outputId) return `/library/${target.outputId}`;
  if (target.kind === 'edit') return `/edit?edit=${target.generationId}`;
  if (target.kind === 'comparison') return `/compare/${target.generationId}`;
  return `/videos/${target.generationId}`;
}

export default async function ShareLinksPage() {
  const ctx = await requireTeamContext();
  const admin = atLeast(ctx.role, 'admin');
  const links = await listShareLinks(ctx);
  // Only what the list shows crosses to the browser: never a token or its hash.
  const items: ShareLinkItem[] = links.map((link) => ({
    id: link.id,
    kind: link.target.kind,
    title: link.target.title,
    href: targetHref(link.target),
    createdBy: link.mine ? null : link.createdBy,
    created: link.createdAt.toISOString(),
    expires: link.expiresAt?.toISOString() ?? null,
    state: link.state,
    views: link.views,
    lastViewed: link.lastViewedAt?.toISOString() ?? null,
    canRevoke: link.state !== 'revoked' && (link.mine || admin),
  }));
  return <ShareLinksCard key={ctx.team.id} scope={admin ? 'team' : 'mine'} links={items} revoke={revokeShare} />;
}
