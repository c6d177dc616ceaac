import type { ActionResult } from '@/lib/auth/action';
import type { SharedTarget } from '@/lib/share/list';
import type { ShareState } from '@/lib/share/lifetime';

/** One share link as Settings lists it: plain data from the page to the card and its rows. */
export interface ShareLinkItem {
  id: string;
  kind: SharedTarget['kind'];
  /** The result's prompt, or the collection's name. */
  title: string;
  href: string;
  /** null for the viewer's own links. */
  createdBy: string | null;
  /** ISO times, shown in the viewer's zone. */
  created: string;
  expires: string | null;
  state: ShareState;
  /** Views by people, and the ISO time of the last. */
  views: number;
  lastViewed: string | null;
  canRevoke: boolean;
}

export type RevokeShare = (input: { id: string }) => Promise<ActionResult<null>>;
