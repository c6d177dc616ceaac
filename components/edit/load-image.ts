'use client';

import { EDIT_LIMITS, inputProblem } from '@/lib/edits/limits';
import type { EditDictionary } from '@/lib/i18n/dictionaries/edit.en';
import { format } from '@/lib/i18n';

/** The picture being edited: a new upload, or an asset the team already has (kept by id, not re-sent). */
export type Source =
  | { kind: 'file'; file: File; url: string; image: HTMLImageElement; width: number; height: number }
  | { kind: 'asset'; assetId: string; name?: string; url: string; image: HTMLImageElement; width: number; height: number };

async function decode(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

/** Checks a picked, dropped or pasted file the way the server will, with a message in the UI's language. */
export async function loadFile(file: File, t: EditDictionary): Promise<Source> {
  const name = file.name || 'image';
  const early = inputProblem({ type: file.type, bytes: file.size });
  if (early === 'type') throw new Error(format(t.input.type, { name }));
  if (early === 'bytes') throw new Error(format(t.input.bytes, { name, size: (file.size / 1024 / 1024).toFixed(1) }));
  const url = URL.createObjectURL(file);
  let image: HTMLImageElement;
  try {
    image = await decode(url);
  } catch {
    URL.revokeObjectURL(url);
    throw new Error(format(t.input.unreadable, { name }));
  }
  const { naturalWidth: width, naturalHeight: height } = image;
  if (Math.max(width, height) > EDIT_LIMITS.maxSide) {
    URL.revokeObjectURL(url);
    throw new Error(format(t.input.side, { name, width, height }));
  }
  return { kind: 'file', file, url, image, width, height };
}

export async function loadAsset(assetId: string, t: EditDictionary): Promise<Source> {
  const url = `/api/assets/${assetId}`;
  try {
    const image = await decode(url);
    return { kind: 'asset', assetId, url, image, width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    throw new Error(t.input.assetMissing);
  }
}

/** The first image file of a drop or a paste. */
export function imageFileOf(items: DataTransfer | null): File | null {
  if (!items) return null;
  for (const file of Array.from(items.files)) if (file.type.startsWith('image/') || file.type === '') return file;
  return items.files[0] ?? null;
}
