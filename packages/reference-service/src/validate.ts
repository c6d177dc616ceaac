import type { z } from 'zod';
import { ServiceError } from './errors';
import { parseRequest } from './requests';

/** A JSON body parsed with one of the request schemas (requests.ts), or its refusal thrown. */
export function checked<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = parseRequest(schema, body);
  if (!parsed.ok) throw new ServiceError(parsed.refusal.status, parsed.refusal.code, parsed.refusal.message, parsed.refusal.param);
  return parsed.data;
}

export const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
