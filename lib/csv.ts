/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (prompts are user text). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A CSV file streamed as it is read (UTF-8 with a BOM so spreadsheet apps read Chinese right, CRLF
 * lines): the header, then each batch of rows `next` gives, until it gives none. Memory stays flat
 * however long the file; each cell is made safe with csvCell.
 */
export function csvStream(header: string[], next: () => Promise<string[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${header.join(',')}\r\n`));
        return;
      }
      const rows = await next();
      if (rows.length === 0) return controller.close();
      controller.enqueue(encoder.encode(`${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`));
    },
  });
}
