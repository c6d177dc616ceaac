import { createHmac, timingSafeEqual } from 'node:crypto';
import { appConfig } from '../config';

// The URLs Atelier's API answers with: `/api/v1/files/<output id>.<ext>?expires=…&signature=…`,
// signed with Atelier's secret, so that anyone holding one can fetch that file (as with the
// service's own URLs) and nobody can make one. They live 30 days, past the service's 7: the file
// is served from Atelier's storage once archived.

export const FILE_URL_DAYS = 30;

const signatureOf = (outputId: string, expires: number) =>
  createHmac('sha256', appConfig().atelierSecret).update(`api-file:${outputId}:${expires}`).digest('base64url');

export function signedFileUrl(outputId: string, ext: string, now = Date.now()): string {
  const expires = fileUrlExpiry(now);
  return `${appConfig().publicUrl}/api/v1/files/${outputId}.${ext}?expires=${expires}&signature=${signatureOf(outputId, expires)}`;
}

/** Whether a file URL's signature is ours and it has not expired. */
export function validFileSignature(outputId: string, expires: string | null, signature: string | null, now = Date.now()): boolean {
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at * 1000 <= now || !signature) return false;
  const want = Buffer.from(signatureOf(outputId, at));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'video/mp4': 'mp4' };

/** The extension a file URL carries: the stored type's, else the service URL's, else png. */
function extensionOf(contentType: string | undefined, upstreamUrl: string | null): string {
  if (contentType && EXTENSIONS[contentType]) return EXTENSIONS[contentType];
  const fromUrl = upstreamUrl ? /\.(png|jpe?g|webp|mp4)(?:$|\?)/i.exec(new URL(upstreamUrl).pathname)?.[1] : undefined;
  return fromUrl?.toLowerCase() ?? 'png';
}

/**
 * The signed URL of one output's file, its extension from what is stored or else the service's URL;
 * valid 30 days from `from` (now, unless the answer must not change between reads).
 */
export const fileUrl = (output: { id: string; upstreamUrl: string | null; asset: { contentType: string } | null }, from = Date.now()) =>
  signedFileUrl(output.id, extensionOf(output.asset?.contentType, output.upstreamUrl), from);

/** When a file URL signed at `from` stops answering, in Unix seconds. */
export const fileUrlExpiry = (from: number) => Math.floor(from / 1000) + FILE_URL_DAYS * 86_400;
