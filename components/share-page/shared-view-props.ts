import type { Dictionary } from '@/lib/i18n';
import type { SharedResult, ShareShow } from '@/lib/share';

/** What a shared result's body and its parts are drawn from. */
export interface SharedViewProps {
  result: SharedResult;
  show: ShareShow;
  /** Each file's place in the gallery, by asset id. */
  gallery: Record<string, number>;
  mediaBase: string;
  zip: string | null;
  t: Dictionary;
}
