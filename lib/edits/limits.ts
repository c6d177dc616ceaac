/** Edit inputs the service accepts (decisions.md row 8), checked in the browser and again on the server. */
export const EDIT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxSide: 4096,
  types: ['image/png', 'image/jpeg', 'image/webp'] as readonly string[],
} as const;

export type InputProblem = 'type' | 'bytes' | 'side';

/** The first reason an image cannot be edited, or null. Dimensions are checked when known. */
export function inputProblem(file: { type: string; bytes: number; width?: number; height?: number }): InputProblem | null {
  if (!EDIT_LIMITS.types.includes(file.type)) return 'type';
  if (file.bytes > EDIT_LIMITS.maxBytes) return 'bytes';
  if (file.width !== undefined && file.height !== undefined && Math.max(file.width, file.height) > EDIT_LIMITS.maxSide) return 'side';
  return null;
}
