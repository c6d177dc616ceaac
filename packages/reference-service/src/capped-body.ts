/**
 * A request's or a provider answer's body, read chunk by chunk to at most `maxBytes`, so no sender
 * can make us buffer more. With `tooLarge`, a body over the cap is refused with it: unread when its
 * content-length declares more, else the moment it goes past, the stream cancelled. Without it, the
 * first `maxBytes` are kept and the rest is left unread.
 */
export async function readBodyUpTo(message: Request | Response, maxBytes: number, tooLarge?: () => Error): Promise<Buffer> {
  if (tooLarge && Number(message.headers.get('content-length') ?? NaN) > maxBytes) throw tooLarge();
  if (!message.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = message.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel();
      if (tooLarge) throw tooLarge();
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return Buffer.concat(chunks, total);
}
