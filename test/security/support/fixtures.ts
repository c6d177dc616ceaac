import { test as base, type WorkerFixture } from '@playwright/test';
import type { Atelier, DatabaseKind } from '../../support/atelier';
import { attachAtelier } from '../../support/shared-ateliers';

/** A worker fixture: the run's shared Atelier on `database` (test/support/shared-ateliers.ts), attached on first use. */
function attached(database: DatabaseKind): [WorkerFixture<Atelier, object>, { scope: 'worker' }] {
  return [
    async ({}, use) => {
      const atelier = await attachAtelier(database);
      await use(atelier);
      await atelier.detach();
    },
    { scope: 'worker' },
  ];
}

/**
 * The run's one Atelier on PGlite and one on PostgreSQL, shared by every worker: the specs that need
 * nothing special of a server use them instead of starting their own.
 */
export const test = base.extend<object, { pgliteAtelier: Atelier; postgresAtelier: Atelier }>({
  pgliteAtelier: attached('pglite'),
  postgresAtelier: attached('postgres'),
});

/**
 * A spec's handle on the shared Atelier on `database`, for the spec's module scope: the handle exists
 * at load time, the server behind it from the spec's first hook on (a hook this registers binds it),
 * so read it inside tests, hooks and the functions they call.
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
