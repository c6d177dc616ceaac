import { createHmac, randomBytes } from 'node:crypto';
import type { JsonStore } from './store';

interface Delivery {
  id: string; // the event id: the same on every attempt, so receivers can deduplicate by webhook-id
  url: string;
  body: string;
  attempts: number;
  next_at: number; // ms since epoch
}

export interface WebhookEvent {
  type: 'video_generation.completed' | 'video_generation.failed';
  data: unknown;
}

/** Standard Webhooks signature: base64 HMAC-SHA256 of "id.timestamp.body" under the decoded whsec_ secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Durable at-least-once delivery (decisions.md row 7). Every event is written to the outbox before
 * its first attempt, so pending deliveries survive a restart. Any 2xx ends it, 410 stops it, anything
 * else is retried after the configured delays; the event is dropped after the last one.
 */
export class WebhookOutbox {
  private readonly pending = new Map<string, Delivery>();
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** When the next attempt is due (ms since epoch), if one is scheduled: what the outbox has settled on. */
  nextAttemptAt: number | undefined;

  constructor(
    private readonly store: JsonStore,
    private readonly secret: string,
    private readonly retryDelaysMs: number[],
  ) {}

  /** Picks up what a previous run left pending. */
  async start(): Promise<void> {
    for (const d of await this.store.list<Delivery>('webhooks')) this.pending.set(d.id, d);
    this.schedule();
  }

  async enqueue(url: string, event: WebhookEvent): Promise<void> {
    const id = `evt_${randomBytes(12).toString('hex')}`;
    const body = JSON.stringify({ id, type: event.type, created: Math.floor(Date.now() / 1000), data: event.data });
    const delivery: Delivery = { id, url, body, attempts: 0, next_at: Date.now() };
    await this.store.put('webhooks', id, delivery);
    this.pending.set(id, delivery);
    this.schedule();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** One timer for the whole outbox, set for the earliest delivery due. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.nextAttemptAt = undefined;
    if (this.closed) return;
    let next = Infinity;
    for (const d of this.pending.values()) if (!this.inFlight.has(d.id)) next = Math.min(next, d.next_at);
    if (next === Infinity) return;
    this.nextAttemptAt = next;
    this.timer = setTimeout(() => this.runDue(), Math.max(0, next - Date.now()));
  }

  private runDue(): void {
    const now = Date.now();
    for (const d of this.pending.values()) if (d.next_at <= now && !this.inFlight.has(d.id)) void this.attempt(d);
    this.schedule();
  }

  private async attempt(delivery: Delivery): Promise<void> {
    this.inFlight.add(delivery.id);
    try {
      const status = await this.post(delivery);
      const delay = this.retryDelaysMs[delivery.attempts];
      const ended = (status >= 200 && status < 300) || status === 410;
      if (ended || delay === undefined) {
        if (!ended) {
          console.warn(`[reference-service] webhook ${delivery.id} dropped after ${delivery.attempts + 1} attempts`);
        }
        this.pending.delete(delivery.id);
        await this.store.delete('webhooks', delivery.id);
        return;
      }
      const next: Delivery = { ...delivery, attempts: delivery.attempts + 1, next_at: Date.now() + delay };
      this.pending.set(delivery.id, next);
      await this.store.put('webhooks', delivery.id, next);
    } finally {
      this.inFlight.delete(delivery.id);
      this.schedule();
    }
  }

  /** One POST; a network error or a timeout counts as a failed attempt (status 0). */
  private async post(delivery: Delivery): Promise<number> {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'atelier-reference-service/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(this.secret, delivery.id, timestamp, delivery.body),
        },
        body: delivery.body,
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  }
}
