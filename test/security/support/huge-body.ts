import { request } from 'node:http';

export const MiB = 1024 * 1024;

export interface HugeAnswer {
  status: number;
  body: string;
  /** Bytes handed to the socket before the server cut the connection. */
  sent: number;
}

/**
 * POSTs `total` bytes (the `head`, then filler) chunked, with no Content-Length, as fast as the
 * server reads them, and resolves with the server's answer. The filler is made lazily: only what
 * the socket takes is ever allocated.
 */
export function sendHuge(
  url: string,
  { headers = {}, head = '', total = 1024 * MiB }: { headers?: Record<string, string>; head?: string; total?: number },
): Promise<HugeAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    const filler = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answered: HugeAnswer | null = null;
    let stopped = false;
    req.on('response', (res) => {
      stopped = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        answered = { status: res.statusCode ?? 0, body, sent };
        resolve(answered);
      });
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, sent }));
    });
    // The server closing the connection mid-body shows here as EPIPE or ECONNRESET; the answer decides.
    req.on('error', (error) => {
      stopped = true;
      setTimeout(() => (answered ? undefined : reject(new Error(`no answer after ${sent} bytes: ${error.message}`))), 2000);
    });
    const pump = () => {
      if (head && sent === 0) {
        req.write(head);
        sent += Buffer.byteLength(head);
      }
      while (!stopped && sent < total) {
        sent += filler.length;
        if (!req.write(filler)) return void req.once('drain', pump);
      }
      if (!stopped) req.end();
    };
    pump();
  });
}

/** Samples `read()` every 20 ms while `work` runs; resolves with the work's result and the highest reading. */
export async function peakDuring<T>(read: () => number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  try {
    const result = await work();
    peak = Math.max(peak, read());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
