import { z } from 'zod';
import { AppError, invalidInput, publicError, type ErrorCode, type MessageKey } from '../errors';
import { withSchemas } from '../http/entry-schemas';
import { teamContext, type TeamContext } from './context';
import type { Role } from './roles';

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: ErrorCode; message: string; key?: MessageKey; values?: Record<string, string | number>; fields?: Record<string, string> } };

/**
 * The one wrapper for server actions: parses the input with its zod schema, resolves the team
 * context with the required role, runs the handler, and turns every failure into a safe result.
 * A "use server" file exports `teamAction(...)` values; nothing unparsed reaches a handler.
 */
export function teamAction<S extends z.ZodType, T>(
  schema: S,
  minRole: Role,
  handler: (ctx: TeamContext, input: z.infer<S>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return withSchemas(
    async (raw: z.input<S>) => {
      try {
        const parsed = schema.safeParse(raw instanceof FormData ? Object.fromEntries(raw) : raw);
        if (!parsed.success) throw invalidInput(parsed.error);
        return { ok: true, data: await handler(await teamContext(minRole), parsed.data) };
      } catch (error) {
        const { code, message, key, values, fields } = publicError(error);
        return { ok: false, error: { code, message, ...(key ? { key } : {}), ...(values ? { values } : {}), ...(fields ? { fields } : {}) } };
      }
    },
    { body: schema },
  );
}

export { AppError };
