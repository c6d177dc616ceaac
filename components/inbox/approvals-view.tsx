'use client';

import { Check, Clapperboard, ExternalLink, LayoutGrid, Undo2, WandSparkles, X } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApprovalList, ApprovalView } from '@/lib/approvals/requests';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { LocalTime } from '../local-time';
import { postJson, useJson } from '../server-state';
import { describeServerError, type ServerError } from '../use-action-error';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/dialog';
import { COUNT_URL } from './inbox-bell';

const KIND_ICON = { edit: WandSparkles, comparison: LayoutGrid, video: Clapperboard } as const;
const TONE: Partial<Record<ApprovalView['status'], string>> = {
  awaiting_approval: 'bg-warning-soft text-warning',
  approved: 'bg-accent-soft text-accent-soft-ink',
  running: 'bg-accent-soft text-accent-soft-ink',
  completed: 'bg-success-soft text-success',
  refused: 'bg-danger-soft text-danger',
  declined: 'bg-danger-soft text-danger',
};

const listUrl = (list: ApprovalList) => `/api/approvals?list=${list}`;

/** One list of requests, kept fresh by polling (a request decided elsewhere moves within the poll). */
function useApprovals(list: ApprovalList, initial: ApprovalView[]) {
  return useJson<{ requests: ApprovalView[] }>(listUrl(list), { refetchInterval: 15_000 }).data?.requests ?? initial;
}

/**
 * The approvals inbox: for owners and admins, what waits for a decision (approve, or decline with a
 * reason) and what was decided; for everyone, their own requests (cancel one while it waits).
 */
export function ApprovalsView({ decider, initial }: { decider: boolean; initial: Partial<Record<ApprovalList, ApprovalView[]>> }) {
  const { t } = useI18n();
  const a = t.review.approvals;
  const client = useQueryClient();
  const decided = useApprovals('decided', initial.decided ?? []);
  // The lists refetch one by one after a decision: the new "decided" can come before the old
  // "waiting" is replaced, and a request shows once, as decided, rather than in both.
  const decidedIds = new Set(decided.map((request) => request.id));
  const waiting = useApprovals('waiting', initial.waiting ?? []).filter((request) => !decidedIds.has(request.id));
  const mine = useApprovals('mine', initial.mine ?? []);
  const [declining, setDeclining] = useState<ApprovalView | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const decide = async (request: ApprovalView, body: { decision: 'approve' } | { decision: 'decline'; reason: string } | { decision: 'cancel' }) => {
    setBusy(request.id);
    setError(null);
    try {
      const { ok, body: answer } = await postJson<{ error?: ServerError }>(`/api/approvals/${request.id}`, body);
      if (!ok) setError(answer?.error ? describeServerError(t, answer.error) : t.errors.internal);
      else setDeclining(null);
    } catch {
      setError(t.errors.network);
    } finally {
      setBusy(null);
      await Promise.all([
        ...(['waiting', 'decided', 'mine'] as const).map((list) => client.invalidateQueries({ queryKey: [listUrl(list)] })),
        client.invalidateQueries({ queryKey: [COUNT_URL] }),
      ]);
    }
  };

  const sections: Array<{ title: string; rows: ApprovalView[]; empty: string; testId: string }> = decider
    ? [
        { title: a.waiting, rows: waiting, empty: a.none, testId: 'approvals-waiting' },
        ...(mine.length > 0 ? [{ title: a.mine, rows: mine, empty: '', testId: 'approvals-mine' }] : []),
        { title: a.decided, rows: decided, empty: '', testId: 'approvals-decided' },
      ]
    : [{ title: a.mine, rows: mine, empty: a.noneMine, testId: 'approvals-mine' }];

  return (
    <div className="grid gap-8">
      <p className="text-sm text-ink-muted">{decider ? a.lead : a.leadMember}</p>
      {error && (
        <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      {sections.map((section) =>
        section.rows.length === 0 && !section.empty ? null : (
          <section key={section.testId} className="grid gap-3" data-testid={section.testId}>
            <h2 className="text-sm font-semibold text-ink">{section.title}</h2>
            {section.rows.length === 0 && <p className="text-sm text-ink-muted">{section.empty}</p>}
            <ul className="grid gap-3">
              {section.rows.map((request) => (
                <ApprovalCard key={request.id} request={request}>
                  {request.status === 'awaiting_approval' && decider && section.testId === 'approvals-waiting' && (
                    <>
                      <Button size="sm" pending={busy === request.id} onClick={() => void decide(request, { decision: 'approve' })} data-testid="approve">
                        <Check />
                        {a.approve}
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy === request.id}
                        onClick={() => (setDeclining(request), setReason(''))}
                        data-testid="decline"
                      >
                        <X />
                        {a.decline}
                      </Button>
                    </>
                  )}
                  {request.status === 'awaiting_approval' && request.mine && section.testId === 'approvals-mine' && (
                    <Button variant="secondary" size="sm" pending={busy === request.id} onClick={() => void decide(request, { decision: 'cancel' })}>
                      <Undo2 />
                      {a.cancel}
                    </Button>
                  )}
                </ApprovalCard>
              ))}
            </ul>
          </section>
        ),
      )}
      <Dialog
        open={declining !== null}
        onClose={() => setDeclining(null)}
        title={a.declineTitle}
        description={declining?.prompt}
        closeLabel={t.common.close}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeclining(null)}>
              {t.review.comments.cancel}
            </Button>
            <Button
              variant="danger"
              pending={busy === declining?.id}
              disabled={!reason.trim()}
              onClick={() => declining && void decide(declining, { decision: 'decline', reason })}
              data-testid="decline-confirm"
            >
              {a.decline}
            </Button>
          </>
        }
      >
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium text-ink">{a.reason}</span>
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder={a.reasonPlaceholder}
            maxLength={500}
            rows={3}
            className="focus-ring rounded-control border border-line bg-surface px-3 py-2 text-sm"
            data-testid="decline-reason"
          />
        </label>
      </Dialog>
    </div>
  );
}

function ApprovalCard({ request, children }: { request: ApprovalView; children?: React.ReactNode }) {
  const { t, locale } = useI18n();
  const a = t.review.approvals;
  const Icon = KIND_ICON[request.kind];
  const { facts } = request;
  const details = [
    ...facts.models,
    facts.size,
    facts.n && facts.n > 1 ? format(a.facts.images, { n: facts.n }) : null,
    facts.duration ? format(a.facts.duration, { n: facts.duration }) : null,
    facts.resolution,
    facts.audio ? a.facts.audio : null,
  ].filter(Boolean);
  const why = request.reasonKey ? (a.voidReasons[request.reasonKey as keyof typeof a.voidReasons] ?? request.reason) : request.reason;
  return (
    <li
      id={request.id}
      data-testid="approval"
      data-status={request.status}
      className="grid gap-3 rounded-card bg-surface p-4 shadow-card target:ring-2 target:ring-accent"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 items-center gap-2 text-sm">
          <span className="grid size-8 shrink-0 place-items-center rounded-control bg-subtle text-ink-muted">
            <Icon className="size-4" />
          </span>
          <span className="grid min-w-0">
            <span className="font-medium text-ink">
              {a.kinds[request.kind]} · <span className="tabular-nums">{format(a.estimate, { estimate: formatCny(request.estimate, locale) })}</span>
            </span>
            <span className="truncate text-xs text-ink-muted">
              {format(a.by, { name: request.requester.name })}
              {request.viaKey ? ` · ${format(a.viaKey, { key: request.viaKey })}` : ''} ·{' '}
              <LocalTime at={request.createdAt} options={{ dateStyle: 'short', timeStyle: 'short' }} />
            </span>
          </span>
        </div>
        <span
          className={cn(
            'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium whitespace-nowrap',
            TONE[request.status] ?? 'bg-subtle text-ink-muted',
          )}
        >
          {a.status[request.status]}
        </span>
      </div>
      <p className="text-[13px] leading-relaxed break-words text-ink">{request.prompt}</p>
      {details.length > 0 && <p className="text-xs break-words text-ink-muted">{details.join(' · ')}</p>}
      {request.decidedBy && request.status !== 'awaiting_approval' && (
        <p className="text-xs text-ink-muted">{format(a.decidedBy, { status: a.status[request.status], name: request.decidedBy })}</p>
      )}
      {why && (
        <p className="rounded-control bg-warning-soft px-3 py-2 text-[13px] break-words text-warning" data-testid="approval-reason">
          {format(a.reasonLine, { reason: why })}
        </p>
      )}
      {(children || request.href) && (
        <div className="flex flex-wrap gap-2">
          {children}
          {request.href && (
            <Link href={request.href} className={buttonClass('ghost', 'sm')}>
              <ExternalLink />
              {a.openResult}
            </Link>
          )}
        </div>
      )}
      {request.status === 'awaiting_approval' && (
        <p className="text-xs text-ink-subtle">
          {a.expires}: <LocalTime at={request.expiresAt} options={{ dateStyle: 'medium' }} />
        </p>
      )}
    </li>
  );
}
