'use client';

import { ArrowUpRight, Clapperboard, Columns3, Eye, FolderOpen, WandSparkles } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { FactLine } from '../ui/fact-line';
import { format } from '@/lib/i18n';
import type { ShareState } from '@/lib/share/lifetime';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import type { RevokeShare, ShareLinkItem } from './share-link-types';
import { ConfirmRemoval } from '../confirm-removal';
import { TimePhrase } from '../local-time';

const KIND_ICONS: Record<ShareLinkItem['kind'], typeof Columns3> = { edit: WandSparkles, comparison: Columns3, video: Clapperboard, collection: FolderOpen };
const STATE_TONES = { active: 'success', expired: 'neutral', revoked: 'danger' } as const satisfies Record<ShareState, string>;

/** One link: what it shows, who made it and when, how long it lives, and revoke when allowed. */
export function ShareLinkRow({ link, revoke }: { link: ShareLinkItem; revoke: RevokeShare }) {
  const { t } = useI18n();
  const s = t.share.settings;
  const KindIcon = KIND_ICONS[link.kind];

  const expiry = link.expires ? <TimePhrase template={link.state === 'expired' ? s.expired : s.expires} at={link.expires} /> : s.never;
  const facts: ReactNode[] = [
    t.share.kinds[link.kind],
    format(s.createdBy, { name: link.createdBy ?? s.you }),
    <TimePhrase key="created" template={s.created} at={link.created} />,
    expiry,
  ];
  const views = (
    <span className="tabular-nums" data-testid="share-views" data-views={link.views}>
      <Eye className="mr-1 inline size-3.5 -translate-y-px text-ink-subtle" aria-hidden />
      {format(s.views, { n: link.views })}
    </span>
  );
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 px-5 py-3.5 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-4 sm:px-6"
      data-testid="share-link"
      data-state={link.state}
    >
      <span className="grid size-9 place-items-center rounded-control bg-subtle text-ink-muted" title={t.share.kinds[link.kind]}>
        <KindIcon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 gap-1">
        <Link href={link.href} className="group flex min-w-0 items-center gap-1 text-sm font-medium text-ink hover:text-accent" title={link.title}>
          <span className="truncate">{link.title}</span>
          <ArrowUpRight className="size-3.5 shrink-0 text-ink-subtle group-hover:text-accent" aria-hidden />
          <span className="sr-only">{s.openResult}</span>
        </Link>
        <FactLine facts={facts} />
        <FactLine facts={link.lastViewed ? [views, <TimePhrase key="viewed" template={s.lastViewed} at={link.lastViewed} />] : [views]} />
      </div>
      <div className="col-start-2 flex items-center gap-2 sm:col-start-auto">
        <Badge tone={STATE_TONES[link.state]}>{s.states[link.state]}</Badge>
        {link.canRevoke && (
          <ConfirmRemoval words={{ label: s.revoke, title: s.revokeTitle, lead: s.revokeLead, done: s.revoked }} action={() => revoke({ id: link.id })} />
        )}
      </div>
    </li>
  );
}
