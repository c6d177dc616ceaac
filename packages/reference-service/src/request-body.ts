import { readBodyUpTo } from './capped-body';
import { ServiceError, invalid } from './errors';

/** Reads a request body, refusing (413) as soon as it passes `maxBytes`, so no one can make us buffer more. */
export const readCapped = (request: Request, maxBytes: number): Promise<Buffer> => readBodyUpTo(request, maxBytes, () => tooLarge(maxBytes));

/** The rest of the body is never read, so the connection cannot carry another request: it is closed after the answer. */
const tooLarge = (maxBytes: number) =>
  new ServiceError(413, 'request_too_large', `The request body is larger than ${Math.round(maxBytes / 1e6)} MB.`, null, { connection: 'close' });

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** A JSON request body that must be an object. */
export async function readJsonObject(request: Request, maxBytes = 1_000_000): Promise<Record<string, unknown>> {
  if (mediaType(request) !== 'application/json') {
    throw new ServiceError(415, 'unsupported_media_type', 'Send the request body as JSON with "Content-Type: application/json".');
  }
  const text = (await readCapped(request, maxBytes)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('invalid_json', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** A multipart/form-data body, read within `maxBytes`. */
export async function readMultipart(request: Request, maxBytes: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (mediaType(request) !== 'multipart/form-data') {
    throw new ServiceError(415, 'unsupported_media_type', 'Send image edits as multipart/form-data.');
  }
  const body = await readCapped(request, maxBytes);
  try {
    return await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw invalid('invalid_multipart', 'The multipart body could not be parsed.');
  }
}
