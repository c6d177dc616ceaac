/** Unknown task states seen by this process: each is worth one log line, not one per poll. */
const seen = new Set<string>();

export function noteUnknownStatus(raw: string, log: (line: string) => void): void {
  const name = raw.trim().toLowerCase().slice(0, 64);
  if (seen.has(name)) return;
  seen.add(name);
  log(`[upstream] unknown video task status ${JSON.stringify(name)}: treated as processing and polled again`);
}
