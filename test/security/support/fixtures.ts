import { test as base } from '@playwright/test';
import { startAtelier, type Atelier } from './atelier';

/**
 * One Atelier on PGlite and one on PostgreSQL for the whole security suite (worker fixtures): the
 * specs that need nothing special of a server share them instead of starting their own.
 */
export const test = base.extend<object, { pgliteAtelier: Atelier; postgresAtelier: Atelier }>({
  pgliteAtelier: [
    async ({}, use) => {
      const atelier = await startAtelier({ database: 'pglite' });
      await use(atelier);
      await atelier.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  postgresAtelier: [
    async ({}, use) => {
      const atelier = await startAtelier({ database: 'postgres' });
      await use(atelier);
      await atelier.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

export { expect } from '@playwright/test';
