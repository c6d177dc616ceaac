import { format } from '@/lib/i18n';
import type { SharedResult } from '@/lib/share';
import { DownloadOne } from './download-all';
import { SharedImage } from './shared-image';
import type { SharedViewProps } from './shared-view-props';

type Edit = Extract<SharedResult, { kind: 'edit' }>;

/**
 * A shared edit: the original and the result side by side, fitted to the same frame; a run of
 * several results (variants, an edit board) shows the original beside each of them, labelled by model
 * (or by number when the link hides models). Each frame opens the gallery's viewer and has its own
 * download; "Download all" in the header zips them.
 */
export function SharedEdit({ result, gallery, mediaBase, t }: SharedViewProps & { result: Edit }) {
  const p = t.share.page;
  const several = result.results.length > 1;
  const frames = [
    { key: 'original', label: p.original, assetId: result.originalAssetId },
    ...(several
      ? result.results.map((r, i) => ({ key: r.assetId, label: r.model ? `${i + 1} · ${r.model}` : format(p.version, { n: i + 1 }), assetId: r.assetId }))
      : [{ key: 'result', label: p.result, assetId: result.resultAssetId }]),
  ];
  return (
    <div className="grid gap-4">
      <div className={several ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'} data-testid="shared-edit-results">
        {frames.map((frame) => (
          <figure key={frame.key} className="grid gap-2 rounded-card bg-surface p-3 shadow-card">
            <figcaption className="flex items-center justify-between gap-2 pl-1 text-[13px] font-medium text-ink-muted">
              <span className="truncate">{frame.label}</span>
              <DownloadOne href={`${mediaBase}/${frame.assetId}`} label={format(p.downloadFile, { name: frame.label })} />
            </figcaption>
            <a
              href={`${mediaBase}/${frame.assetId}`}
              data-gallery={gallery[frame.assetId]}
              title={p.viewer.open}
              className="focus-ring block overflow-hidden rounded-control"
            >
              <SharedImage
                src={`${mediaBase}/${frame.assetId}`}
                alt={frame.label}
                className="max-h-[70vh] object-contain"
                style={{ aspectRatio: `${result.width} / ${result.height}` }}
              />
            </a>
          </figure>
        ))}
      </div>
      {result.revisedPrompt && (
        <p className="max-w-3xl text-[13px] leading-relaxed text-ink-muted">
          <span className="font-medium text-ink">{p.revisedPrompt}: </span>
          {result.revisedPrompt}
        </p>
      )}
    </div>
  );
}
