/**
 * `attachment; filename="fallback"; filename*=UTF-8''…` (RFC 6266 + RFC 5987): browsers use the
 * UTF-8 form, so `报告.png` downloads under its own name; old clients get an ASCII stand-in.
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // Path separators and control characters never belong in a download name.
  const name = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Percent-encodes everything outside RFC 5987's attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
