import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { AppError } from '../errors';
import { EDIT_LIMITS } from './limits';

/** A file of the edit form, written to a temporary file as it arrived. */
export interface UploadedFile {
  path: string;
  bytes: number;
}

export interface EditUpload {
  fields: Record<string, string>;
  files: Partial<Record<(typeof FILE_FIELDS)[number], UploadedFile>>;
  /** Deletes the temporary files; call it once the edit is done with them. */
  dispose(): Promise<void>;
}

const FILE_FIELDS = ['image', 'mask'] as const;
const LABELS = { image: 'The image', mask: 'The mask' } as const;
/** A prompt is at most 32,000 characters of up to 4 bytes each; no other field comes near. */
const FIELD_BYTES = 128 * 1024;

/**
 * Reads the edit studio's multipart form as it streams in: fields into memory (each capped),
 * the image and the mask into temporary files (each at most 20 MB). Nothing is ever held whole in
 * memory, and a part over its limit is refused with a message that names it.
 */
export async function receiveEditUpload(request: Request): Promise<EditUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !request.body) throw new AppError('invalid_input', 'Expected a multipart form.');
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-upload-'));
  const upload: EditUpload = { fields: {}, files: {}, dispose: () => rm(dir, { recursive: true, force: true }) };
  let problem: AppError | null = null;
  const writes: Promise<void>[] = [];

  try {
    const form = busboy({
      headers: { 'content-type': type },
      limits: { files: FILE_FIELDS.length, fileSize: EDIT_LIMITS.maxBytes, fields: 20, fieldSize: FIELD_BYTES, parts: 24 },
    });
    form.on('field', (name, value, info) => {
      if (info.valueTruncated) problem ??= new AppError('invalid_input', `The field “${name.slice(0, 40)}” is too long.`);
      else upload.fields[name] = value;
    });
    form.on('file', (name, stream) => {
      const field = FILE_FIELDS.find((f) => f === name);
      if (!field || upload.files[field]) return void stream.resume();
      const file: UploadedFile = { path: path.join(dir, field), bytes: 0 };
      stream.on('data', (chunk: Buffer) => (file.bytes += chunk.length));
      // As the service refuses it (decisions.md row 2): 413 image_too_large, naming the file.
      stream.on(
        'limit',
        () => (problem ??= new AppError('invalid_input', `${LABELS[field]} is larger than 20 MB.`, { reason: 'imageTooHeavy', param: field })),
      );
      upload.files[field] = file;
      writes.push(pipeline(stream, createWriteStream(file.path)));
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      form.on(limit, () => (problem ??= new AppError('invalid_input', 'The form has more parts than an edit needs.')));
    await pipeline(Readable.fromWeb(request.body as never), form);
    await Promise.all(writes);
  } catch (error) {
    await upload.dispose();
    if (request.signal.aborted) throw error;
    throw new AppError('invalid_input', 'The form could not be read: it is not a complete multipart upload.');
  }
  if (problem) {
    await upload.dispose();
    throw problem;
  }
  return upload;
}
