import { invalid } from './errors';

export const MAX_PROMPT_CHARS = 32_000;

/** A required, non-blank prompt of at most 32,000 characters in any script (decisions.md row 15). */
export function requirePrompt(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw invalid('missing_field', 'prompt is required.', 'prompt');
  }
  if (typeof value !== 'string') throw invalid('missing_field', 'prompt must be a string.', 'prompt');
  if ([...value].length > MAX_PROMPT_CHARS) {
    throw invalid('prompt_too_long', `prompt is longer than ${MAX_PROMPT_CHARS} characters.`, 'prompt');
  }
  return value;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, code: string, param: string): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw invalid(code, `${param} must be one of ${allowed.join(', ')}.`, param);
  }
  return value as T;
}

export function intInRange(value: unknown, min: number, max: number, fallback: number, code: string, param: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(code, `${param} must be an integer from ${min} to ${max}.`, param);
  }
  return value;
}

export const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
