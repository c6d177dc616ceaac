import { z } from 'zod';
import { AppError, errorResponse, invalidInput } from '../errors';
import { withSchemas, type EntrySchemas } from '../http/entry-schemas';
import { withRequestScope } from '../request-log/log';
import { currentUser, teamContext, type TeamContext, type Viewer } from './context';
import type { Role } from './roles';

// The one way into a route handler: who (session, membership, role), then the parsed path params,
// query and JSON body, each with its zod schema; every refusal is an AppError answered as JSON.

export type RouteSchemas = EntrySchemas;

type Parsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : undefined;
export interface RouteInput<S extends RouteSchemas> {
  params: Parsed<S['params']>;
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
}

/** What Next.js hands a route handler beside the request. */
export type RouteContext = { params?: Promise<Record<string, string | string[]>> };

/** Fields by their top-level name, as the forms show them: `{ models: 'tooManyModels' }`. */
const topLevel = (path: PropertyKey[]) => String(path[0] ?? '_');

async function parseInput<S extends RouteSchemas>(schemas: S, request: Request, context: RouteContext | undefined): Promise<RouteInput<S>> {
  const params = schemas.params?.safeParse(await context?.params);
  if (params && !params.success) throw new AppError('not_found', 'Not found.');
  const query = schemas.query?.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (query && !query.success) {
    const issue = query.error.issues[0];
    throw invalidInput(query.error, { fieldOf: topLevel, message: `The query is not valid (${issue?.path.join('.') || 'query'}: ${issue?.message}).` });
  }
  let body: z.ZodSafeParseResult<unknown> | undefined;
  if (schemas.body) {
    const json = await request.json().catch(() => {
      throw new AppError('invalid_input', 'The request body is not valid JSON.');
    });
    body = schemas.body.safeParse(json);
    if (!body.success) throw invalidInput(body.error, { fieldOf: topLevel });
  }
  return { params: params?.data, query: query?.data, body: body?.data } as RouteInput<S>;
}

/** A route for members of the active team with at least `minRole`. */
export function withTeam<S extends RouteSchemas>(
  minRole: Role,
  schemas: S,
  handler: (ctx: TeamContext, input: RouteInput<S>, request: Request) => Promise<Response>,
) {
  return withSchemas(async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      // The service calls the handler makes go to the request log with the whole request's time.
      return await withRequestScope(async () => {
        const ctx = await teamContext(minRole);
        return await handler(ctx, await parseInput(schemas, request, context), request);
      });
    } catch (error) {
      return errorResponse(error);
    }
  }, schemas);
}

/** A route for any signed-in user, whatever team is active (their files in any of their teams). */
export function withUser<S extends RouteSchemas>(schemas: S, handler: (user: Viewer, input: RouteInput<S>, request: Request) => Promise<Response>) {
  return withSchemas(async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      const user = await currentUser();
      if (!user) throw new AppError('unauthenticated', 'Please sign in.');
      return await handler(user, await parseInput(schemas, request, context), request);
    } catch (error) {
      return errorResponse(error);
    }
  }, schemas);
}

/** A path param that is a UUID (a malformed one is a 404). */
export const idParams = z.object({ id: z.uuid() });
