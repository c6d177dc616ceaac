import type { Metadata } from 'next';
import { InboxList } from '@/components/inbox/inbox-list';
import { requireTeamContext } from '@/lib/auth/page-context';
import { inboxOf } from '@/lib/inbox/notifications';
import { getI18n } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.review.inbox.title };
}

/** The member's inbox in the active team: mentions, replies on their threads, approvals asked and decided. */
export default async function InboxPage() {
  const ctx = await requireTeamContext();
  return <InboxList initial={await inboxOf(ctx)} />;
}
