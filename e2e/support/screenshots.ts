import path from 'node:path';

/** Where SCREENSHOTS=1 runs put the pictures of the pages (for a person to look at). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? path.join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screenshots');

/** The path of one screenshot by its file name. */
export const shotPath = (name: string) => path.join(SCREENSHOT_DIR, name);
