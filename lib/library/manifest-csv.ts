import { csvCell } from '../csv';

/** What the library's ZIP says of one result (its manifest.json entry, and the raw answer's file beside it). */
export interface ManifestRow {
  file: string;
  rawFile: string | null;
  kind: string;
  model: string;
  seed: number | null;
  size: string | null;
  cost: string | null;
  currency: string;
  created: string;
  author: string;
  prompt: string;
  revisedPrompt: string | null;
  maskGuard?: { changedFraction: number; restored: boolean };
}

const HEADER = [
  'file',
  'kind',
  'model',
  'seed',
  'size',
  'cost',
  'currency',
  'created',
  'author',
  'prompt',
  'revised_prompt',
  'mask_changed',
  'mask_restored',
  'raw_file',
];

/**
 * The ZIP's results as CSV, one row each (UTF-8 with a BOM, so spreadsheet apps read Chinese right):
 * `mask_changed` is the share changed outside the mask as a percentage with one decimal and
 * `mask_restored` true or false, both empty where nothing was measured (not a masked edit).
 */
export function manifestCsv(rows: ManifestRow[]): string {
  const lines = rows.map((r) =>
    [
      r.file,
      r.kind,
      r.model,
      r.seed === null ? '' : String(r.seed),
      r.size ?? '',
      r.cost ?? '',
      r.currency,
      r.created,
      r.author,
      r.prompt,
      r.revisedPrompt ?? '',
      r.maskGuard ? (r.maskGuard.changedFraction * 100).toFixed(1) : '',
      r.maskGuard ? String(r.maskGuard.restored) : '',
      r.rawFile ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
