import { z } from 'zod';

/** zod's own UUID pattern, tested directly: a hot path (each webhook delivery) skips a schema parse. */
const UUID = z.regexes.uuid();

/** Whether `value` is a UUID the database accepts (a dash-and-hex regex lets `----…` through to a 500). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
