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
  const expires = Math.floor(now / 1000) + FILE_URL_DAYS * 86_400;
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
