import type { TeamContext } from '../auth/context';
import { db } from '../runtime';
import { log } from '../observability/log';

// Cancelling a run from any replica: the cancel request marks the generation in the database, and
// the process running it, which looks once a second while it has runs in flight, aborts it there.

const POLL_MS = 1_000;

interface Watch {
  runs: Map<string, AbortController>;
  timer?: NodeJS.Timeout;
}

const KEY = Symbol.for('atelier.generations.cancel-watch');
const watch = (): Watch => ((globalThis as { [KEY]?: Watch })[KEY] ??= { runs: new Map() });

async function poll(): Promise<void> {
  const { runs } = watch();
  if (runs.size === 0) return;
  const prisma = await db();
  const cancelled = await prisma.generation.findMany({ where: { id: { in: [...runs.keys()] }, cancelRequestedAt: { not: null } }, select: { id: true } });
  for (const { id } of cancelled) runs.get(id)?.abort();
}

/** Aborts `controller` when a cancel for this generation is asked anywhere; call the returned function when the run ends. */
export function abortOnCancel(generationId: string, controller: AbortController): () => void {
  const w = watch();
  w.runs.set(generationId, controller);
  w.timer ??= setInterval(() => {
    poll().catch((error: unknown) => log().warn({ err: error }, 'cancel: could not look for cancels'));
  }, POLL_MS).unref();
  return () => {
    w.runs.delete(generationId);
    if (w.runs.size === 0 && w.timer) {
      clearInterval(w.timer);
      w.timer = undefined;
    }
  };
}

/** Asks for the caller's own running generation with this request id to stop; false when there is none. */
export async function requestCancel(ctx: Pick<TeamContext, 'team' | 'user'>, requestId: string): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.generation.updateMany({
    where: { requestId, userId: ctx.user.id, teamId: ctx.team.id, status: { in: ['pending', 'running'] }, cancelRequestedAt: null },
    data: { cancelRequestedAt: new Date() },
  });
  return count > 0;
}
