import { z } from 'zod';

const uuid = z.uuid();

/** Whether `value` is a UUID the database accepts (a dash-and-hex regex lets `----…` through to a 500). */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
