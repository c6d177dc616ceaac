import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { schemasOf, type EntrySchemas } from '../../../lib/http/entry-schemas';

// Every entry point that takes input, with the text fields of the schemas its wrapper parses with
// (teamAction, withTeam, withUser, withApiKey: lib/http/entry-schemas.ts): server actions by
// exported name, route handlers and /api/v1 by path and method. Run as its own process (tsx) by
// the specs that send something to every field, so that a field or an entry point added later is
// covered without editing them: `tsx test/security/support/entry-points.ts` prints the JSON.

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A string the schema takes, by its path (`['models', 0]`: an item of a list), and the text rule it
 * follows (lib/text.ts: a search drops controls, a prompt or a name refuses them; null: a format,
 * an enum or a pattern of its own).
 */
export interface TextField {
  path: Array<string | number>;
  rule: 'prompt' | 'name' | 'search' | null;
}
export interface EntryPoint {
  kind: 'action' | 'route' | 'api';
  /** The action's exported name, or the path (`[param]` / `:param` segments left in). */
  name: string;
  method: string;
  /** Where the fields go: the action's argument, the query string, a JSON body or multipart fields. */
  part: 'argument' | 'query' | 'body' | 'form';
  fields: TextField[];
}

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  'x-text-rule'?: string;
};

/** The string leaves of a JSON Schema, with their paths (every branch of a union). */
function textFields(schema: Json, at: Array<string | number> = []): TextField[] {
  const types = [schema.type ?? []].flat();
  const out: TextField[] = [];
  if (types.includes('string')) out.push({ path: at, rule: (schema['x-text-rule'] as TextField['rule'] | undefined) ?? null });
  for (const [name, property] of Object.entries(schema.properties ?? {})) out.push(...textFields(property, [...at, name]));
  if (schema.items) out.push(...textFields(schema.items, [...at, 0]));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...textFields(branch, at));
  return out.filter((field, i) => out.findIndex((other) => JSON.stringify(other.path) === JSON.stringify(field.path)) === i);
}

const fieldsOf = (schema: z.ZodType) => textFields(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The entry points of one wrapped function: a part per schema it declares. */
function entries(kind: EntryPoint['kind'], name: string, method: string, schemas: EntrySchemas): EntryPoint[] {
  if (kind === 'action') return schemas.body ? [{ kind, name, method, part: 'argument', fields: fieldsOf(schemas.body) }] : [];
  return (['query', 'body', 'form'] as const).flatMap((part) => (schemas[part] ? [{ kind, name, method, part, fields: fieldsOf(schemas[part]) }] : []));
}

export async function entryPoints(): Promise<EntryPoint[]> {
  const out: EntryPoint[] = [];
  const sources = [...files(path.join(ROOT, 'app')), ...files(path.join(ROOT, 'lib'))];
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    const isAction = /^\s*['"]use server['"]/.test(source);
    const isRoute = path.basename(file) === 'route.ts' && file.startsWith(path.join(ROOT, 'app'));
    if (!isAction && !isRoute) continue;
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(exports)) {
      const schemas = schemasOf(value);
      if (!schemas) continue;
      if (isAction) out.push(...entries('action', exported, 'POST', schemas));
      else {
        const route = path
          .relative(path.join(ROOT, 'app'), path.dirname(file))
          .split(path.sep)
          .filter((segment) => !/^\(.*\)$/.test(segment))
          .join('/');
        out.push(...entries('route', `/${route}`, exported, schemas));
      }
    }
  }
  const { API_ROUTES } = await import('../../../lib/api/routes');
  for (const route of API_ROUTES) {
    for (const [method, handler] of Object.entries(route.methods)) out.push(...entries('api', route.path, method, schemasOf(handler) ?? {}));
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(JSON.stringify(await entryPoints()));
  process.exit(0);
}
