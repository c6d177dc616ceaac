'use client';

import type { PreparedSource } from '@/lib/edits/source';
import { EDIT_LIMITS, inputProblem } from '@/lib/edits/limits';
import type { EditDictionary } from '@/lib/i18n/dictionaries/edit.en';
import { format } from '@/lib/i18n';
import { postJson } from '../server-state';

/** A photo the server made ready to edit: fitted to 4096 px, turned upright, converted from HEIC. */
export type PhotoNote = Omit<PreparedSource, 'assetId' | 'width' | 'height'>;

/** The picture being edited: a new upload, or an asset the team already has (kept by id, not re-sent). */
export type Source =
  | { kind: 'file'; file: File; url: string; image: HTMLImageElement; width: number; height: number }
  | { kind: 'asset'; assetId: string; name?: string; url: string; image: HTMLImageElement; width: number; height: number; photo?: PhotoNote };

/** iPhones' photos: HEIC (browsers other than Safari cannot show them; the server decodes them). */
const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

async function decode(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

/**
 * Checks a picked, dropped or pasted file the way the server will, with a message in the UI's
 * language. A photo the browser cannot edit as it is (HEIC, over 4096 px a side) is opened on the
 * server instead: fitted, upright, and kept as a team asset (`photo` says what was done).
 */
export async function loadFile(file: File, t: EditDictionary): Promise<Source> {
  const name = file.name || 'image';
  const heic = isHeic(file);
  const early = inputProblem({ type: heic ? 'image/jpeg' : file.type, bytes: file.size });
  if (early === 'type') throw new Error(format(t.input.type, { name }));
  if (early === 'bytes') throw new Error(format(t.input.bytes, { name, size: (file.size / 1024 / 1024).toFixed(1) }));
  if (heic) return openOnServer(file, t);
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
    return openOnServer(file, t);
  }
  return { kind: 'file', file, url, image, width, height };
}

/** Sends the photo to /edit/source and opens what it made of it. */
async function openOnServer(file: File, t: EditDictionary): Promise<Source> {
  const name = file.name || 'image';
  const form = new FormData();
  form.append('image', file, name);
  const { ok, body } = await postJson<PreparedSource>('/edit/source', form);
  if (!ok || !body?.assetId) throw new Error(format(t.input.unreadable, { name }));
  const { assetId, width, height, ...photo } = body;
  const { url, image } = await loadAsset(assetId, t);
  return { kind: 'asset', assetId, name, url, image, width, height, photo };
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
