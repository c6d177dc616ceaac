import { ImageOff, Maximize2 } from 'lucide-react';
import { format, type Dictionary } from '@/lib/i18n';
import type { SharedResult } from '@/lib/share';
import { columnsClass } from '../compare/columns';
import { SharedImage } from './shared-image';
import { RevisedPrompt } from '../compare/revised-prompt';

type Board = Extract<SharedResult, { kind: 'comparison' }>;

/** A shared board: one column per model with its images and revised prompt; no costs. */
export function SharedBoard({ result, mediaBase, t }: { result: Board; mediaBase: string; t: Dictionary }) {
  const p = t.share.page;
  return (
    <div className={columnsClass(result.columns.length)}>
      {result.columns.map((column) => (
        <section
          key={column.model}
          data-testid="shared-column"
          data-model={column.model}
          className="flex min-w-0 flex-col gap-3 rounded-card bg-surface p-3 shadow-card"
        >
          <h2 className="truncate px-1 pt-0.5 font-mono text-[13px] font-semibold text-ink">{column.model}</h2>
          {column.images.length === 0 ? (
            <div className="grid min-h-32 place-items-center rounded-control border border-dashed border-line-strong p-4 text-center text-[13px] text-ink-subtle sm:aspect-square">
              <div className="grid justify-items-center gap-2">
                <ImageOff className="size-5" aria-hidden />
                {p.noImage}
              </div>
            </div>
          ) : (
            column.images.map((assetId, i) => (
              <a
                key={assetId}
                href={`${mediaBase}/${assetId}`}
                target="_blank"
                rel="noreferrer"
                title={p.openFull}
                className="group relative block overflow-hidden rounded-control"
              >
                <SharedImage src={`${mediaBase}/${assetId}`} alt={format(p.image, { n: i + 1, model: column.model })} className="aspect-square object-cover" />
                <span className="absolute top-2 right-2 grid size-7 place-items-center rounded-md bg-black/50 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <Maximize2 className="size-3.5" aria-hidden />
                </span>
              </a>
            ))
          )}
          {column.revisedPrompt && <RevisedPrompt label={p.revisedPrompt} text={column.revisedPrompt} className="px-1" />}
        </section>
      ))}
    </div>
  );
}
