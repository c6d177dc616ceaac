// What the benches that run a component in Chromium share: its bundle, the browser, and the figures.
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A bench page (its .tsx entry) bundled and minified as React's production build, for `page.addScriptTag`. */
export async function bundlePage(entry: string, format: 'esm' | 'iife', define: Record<string, string> = {}): Promise<string> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format,
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', ...define },
  });
  return bundle.outputFiles[0].text;
}

/** Debian's Chromium (or CHROMIUM_PATH) with the GPU off: every frame drawn by the CPU. */
export const launchChromium = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** The figures, a row a line: what was measured, the value and a note, in columns. */
export function printRows(rows: string[][], nameWidth: number): void {
  for (const [name, value, note] of rows) console.log(`${name.padEnd(nameWidth)} ${value.padStart(10)}   ${note}`);
}
