import type { z } from 'zod';

// The schemas an entry point parses its input with, kept on the function its wrapper returns
// (teamAction, withTeam, withUser, withApiKey), so that a test can reach every field of every
// entry point without a list of its own (test/security/control-characters.spec.ts).

export interface EntrySchemas {
  /** A malformed path param names nothing that exists: 404. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or a server action's argument. */
  body?: z.ZodType;
  /** Multipart fields: parsed by the handler, with the uploaded files, once the upload is on disk. */
  form?: z.ZodType;
}

const SCHEMAS = Symbol.for('atelier.entry-schemas');

/** The entry point `fn`, carrying the schemas it parses with. */
export function withSchemas<F extends object>(fn: F, schemas: EntrySchemas): F {
  Object.defineProperty(fn, SCHEMAS, { value: schemas });
  return fn;
}

/** What an entry point parses its input with (undefined for a function no wrapper made). */
export const schemasOf = (fn: unknown): EntrySchemas | undefined =>
  typeof fn === 'function' ? ((fn as unknown as Record<symbol, EntrySchemas | undefined>)[SCHEMAS] ?? undefined) : undefined;
