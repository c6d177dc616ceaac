import { test as base, type WorkerFixture } from '@playwright/test';
import { startAtelier, type Atelier, type DatabaseKind } from '../../support/atelier';

/** A worker fixture: an Atelier on `database`, started on first use and stopped when the worker ends. */
function oneForTheWorker(database: DatabaseKind): [WorkerFixture<Atelier, object>, { scope: 'worker'; timeout: number }] {
  return [
    async ({}, use) => {
      const atelier = await startAtelier({ database });
      await use(atelier);
      await atelier.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ];
}

/**
 * One Atelier on PGlite and one on PostgreSQL for the whole security suite (worker fixtures): the
 * specs that need nothing special of a server share them instead of starting their own.
 */
export const test = base.extend<object, { pgliteAtelier: Atelier; postgresAtelier: Atelier }>({
  pgliteAtelier: oneForTheWorker('pglite'),
  postgresAtelier: oneForTheWorker('postgres'),
});

/**
 * A spec's handle on the worker's shared Atelier on `database`, for the spec's module scope: the
 * handle exists at load time, the server behind it from the spec's first hook on (a hook this
 * registers binds it), so read it inside tests, hooks and the functions they call.
 */
export function sharedAtelier(database: DatabaseKind): Atelier {
  let bound: Atelier | undefined;
  if (database === 'pglite') test.beforeAll(({ pgliteAtelier }) => void (bound = pgliteAtelier));
  else test.beforeAll(({ postgresAtelier }) => void (bound = postgresAtelier));
  return new Proxy({} as Atelier, {
    get(_, key) {
      if (!bound) throw new Error(`the shared ${database} Atelier is there once the spec's hooks run, not while the spec loads`);
      return Reflect.get(bound, key);
    },
  });
}

export { expect } from '@playwright/test';
