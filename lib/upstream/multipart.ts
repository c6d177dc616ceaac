/** Image formats the service takes (decisions row 8), recognised by their first bytes. */
const SIGNATURES = [
  { type: 'image/png', ext: 'png', test: (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'image/jpeg', ext: 'jpg', test: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/webp', ext: 'webp', test: (b: Uint8Array) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * A file part with a content type and a file name that match its bytes, whatever the caller knew:
 * bytes from a database row carry no type, and some services trust the part's type over its bytes.
 */
export async function imagePart(data: Blob | Uint8Array, base: string, name?: string): Promise<{ blob: Blob; filename: string }> {
  const head = data instanceof Uint8Array ? data.subarray(0, 12) : new Uint8Array(await data.slice(0, 12).arrayBuffer());
  const format = SIGNATURES.find((s) => s.test(head));
  const type = format?.type ?? (data instanceof Blob && data.type ? data.type : 'application/octet-stream');
  const bytes = data instanceof Uint8Array ? new Uint8Array(data) : data;
  return { blob: new Blob([bytes], { type }), filename: name ?? `${base}.${format?.ext ?? 'png'}` };
}
