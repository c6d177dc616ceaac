'use client';

import dynamic from 'next/dynamic';
import type { EditResultItem } from '@/lib/edits/results';
import { useI18n } from '../i18n-provider';
import type { ViewerItem } from '../compare/compare-viewer';

// The board's full-screen viewer, loaded when first opened: the studio's first load does not carry it.
const CompareViewer = dynamic(() => import('../compare/compare-viewer').then((m) => m.CompareViewer), { ssr: false });

/**
 * A run's results full screen in the comparison board's viewer (synced zoom and pan, side by side,
 * swipe, ← → paging): each completed result as its model's image, then the original, to compare
 * any of them against it.
 */
export function EditViewer({
  results,
  original,
  start,
  onClose,
}: {
  results: EditResultItem[];
  /** The original's URL. */
  original: string;
  /** The output id to open on. */
  start: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const shown = results.filter((r) => r.resultAssetId);
  const items: ViewerItem[] = [
    // Variants are one model's images 1 to n (side by side pages them against the original); a board's models are one image each.
    ...shown.map((r) => {
      const own = shown.filter((other) => other.model === r.model);
      return { key: r.outputId, outputId: r.outputId, model: r.model, n: own.indexOf(r) + 1, count: own.length, src: `/api/assets/${r.resultAssetId}` };
    }),
    { key: 'original', model: t.edit.results.original, n: 1, count: 1, src: original },
  ];
  return <CompareViewer items={items} start={start} labels={t.compare.board.viewer} onClose={onClose} />;
}
