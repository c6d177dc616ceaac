import { Download, FileArchive } from 'lucide-react';
import type { Dictionary } from '@/lib/i18n';
import { buttonClass } from '../ui/button';

/** "Download all": every file of the link as one ZIP with its manifest (/s/{token}/zip). */
export function DownloadAll({ href, t }: { href: string; t: Dictionary }) {
  return (
    <a href={href} download title={t.share.page.downloadAllHint} data-testid="shared-download-all" className={buttonClass('primary', 'md')}>
      <FileArchive />
      {t.share.page.downloadAll}
    </a>
  );
}

/** One file's own download, named by the server (`<title>-03-atelier-vista.png`): a small button over a tile. */
export function DownloadOne({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={`${href}?download=1`}
      download
      aria-label={label}
      title={label}
      data-testid="shared-download"
      className="focus-ring grid size-8 shrink-0 place-items-center rounded-control text-ink-muted hover:bg-subtle hover:text-ink"
    >
      <Download className="size-4" aria-hidden />
    </a>
  );
}
