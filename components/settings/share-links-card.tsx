'use client';

import { Info } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { Card, CardHeader, CardList } from '../ui/card';
import { ShareLinkRow } from './share-link-row';
import type { RevokeShare, ShareLinkItem } from './share-link-types';

/** Settings → Share links: a member's own links, or the team's for owners and admins. */
export function ShareLinksCard({ scope, links, revoke }: { scope: 'team' | 'mine'; links: ShareLinkItem[]; revoke: RevokeShare }) {
  const { t } = useI18n();
  const s = t.share.settings;
  return (
    <Card>
      <CardHeader title={s.title} description={scope === 'team' ? s.leadTeam : s.leadMine} />
      <p className="mx-5 mt-4 flex gap-2 rounded-control bg-subtle px-3 py-2.5 text-[13px] leading-relaxed text-ink-muted sm:mx-6">
        <Info className="mt-0.5 size-4 shrink-0 text-ink-subtle" aria-hidden />
        {s.onceNote}
      </p>
      <CardList empty={s.empty} testId="share-links">
        {links.map((link) => (
          <ShareLinkRow key={link.id} link={link} revoke={revoke} />
        ))}
      </CardList>
    </Card>
  );
}
