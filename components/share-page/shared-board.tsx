import { ImageOff, Maximize2 } from 'lucide-react';
import { format } from '@/lib/i18n';
import type { SharedResult } from '@/lib/share';
import { columnsClass } from '../compare/columns';
import { RevisedPrompt } from '../compare/revised-prompt';
import { DownloadOne } from './download-all';
import { SharedImage } from './shared-image';
import type { SharedViewProps } from './shared-view-props';

type Board = Extract<SharedResult, { kind: 'comparison' }>;

/**
 * A shared board: one column per model (named "Version n" when the link hides models) with its
 * images and revised prompt, each image opening the gallery's viewer; no costs.
 */
export function SharedBoard({ result, gallery, mediaBase, t }: SharedViewProps & { result: Board }) {
  const p = t.share.page;
  return (
    <div className={columnsClass(result.columns.length)}>
      {result.columns.map((column, c) => {
        const name = column.model ?? format(p.version, { n: c + 1 });
        return (
          <section
            key={c}
            data-testid="shared-column"
            data-model={column.model ?? undefined}
            className="flex min-w-0 flex-col gap-3 rounded-card bg-surface p-3 shadow-card"
          >
            <h2 className={`truncate px-1 pt-0.5 text-[13px] font-semibold text-ink ${column.model ? 'font-mono' : ''}`}>{name}</h2>
            {column.images.length === 0 ? (
              <div className="grid min-h-32 place-items-center rounded-control border border-dashed border-line-strong p-4 text-center text-[13px] text-ink-subtle sm:aspect-square">
                <div className="grid justify-items-center gap-2">
                  <ImageOff className="size-5" aria-hidden />
                  {p.noImage}
                </div>
              </div>
            ) : (
              column.images.map((assetId, i) => {
                const label = format(p.image, { n: i + 1, model: name });
                return (
                  <div key={assetId} className="group relative">
                    <a
                      href={`${mediaBase}/${assetId}`}
                      data-gallery={gallery[assetId]}
                      title={p.viewer.open}
                      className="focus-ring block overflow-hidden rounded-control"
                    >
                      <SharedImage src={`${mediaBase}/${assetId}`} alt={label} className="aspect-square object-cover" />
                      <span className="absolute top-2 right-2 grid size-8 place-items-center rounded-md bg-black/55 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
                        <Maximize2 className="size-3.5" aria-hidden />
                      </span>
                    </a>
                    <span className="absolute bottom-2 right-2 rounded-control bg-surface/90 opacity-0 shadow-card transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 pointer-coarse:opacity-100">
                      <DownloadOne href={`${mediaBase}/${assetId}`} label={format(p.downloadFile, { name: label })} />
                    </span>
                  </div>
                );
              })
            )}
            {column.revisedPrompt && <RevisedPrompt label={p.revisedPrompt} text={column.revisedPrompt} className="px-1" />}
          </section>
        );
      })}
    </div>
  );
}
