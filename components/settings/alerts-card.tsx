'use client';

import { Bell, Mail, Webhook } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { format, formatCny } from '@/lib/i18n';
import { FreshLink } from '../fresh-link';
import { useI18n } from '../i18n-provider';
import { TimePhrase } from '../local-time';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardHeader, CardList } from '../ui/card';
import { FactLine } from '../ui/fact-line';
import { CheckField, Field, Input } from '../ui/input';
import { useAction } from '../use-action';
import { useActionError } from '../use-action-error';
import { budgetFact } from './alert-facts';
import type { AlertItem, AlertSettingsView, SaveAlerts } from './alert-types';

const STATUS_TONES = { pending: 'neutral', delivered: 'success', failed: 'danger', superseded: 'neutral' } as const;

/** "50, 80, 100" -> [50, 80, 100]; null when a part is not a whole number from 1 to 1000. */
function parseThresholds(text: string): number[] | null {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  const numbers = parts.map(Number);
  return numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 1000) && numbers.length <= 5 ? numbers : null;
}

/** Settings → Alerts: the team's budget thresholds and where alerts go (admins), and what went out. */
export function AlertsCard({
  settings,
  emailAvailable,
  history,
  save,
}: {
  settings: AlertSettingsView;
  emailAvailable: boolean;
  history: AlertItem[];
  /** Present for owners and admins, who change the rules. */
  save?: SaveAlerts;
}) {
  const { t } = useI18n();
  const a = t.alerts;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader title={a.title} description={save ? a.lead : a.leadMember} />
        <AlertsForm settings={settings} emailAvailable={emailAvailable} save={save} />
      </Card>
      <Card>
        <CardHeader title={a.history} />
        <CardList empty={a.historyEmpty} testId="alert-history">
          {history.map((item) => (
            <AlertRow key={item.id} item={item} />
          ))}
        </CardList>
      </Card>
    </div>
  );
}

function AlertsForm({ settings, emailAvailable, save }: { settings: AlertSettingsView; emailAvailable: boolean; save?: SaveAlerts }) {
  const { t } = useI18n();
  const a = t.alerts;
  const id = useId();
  const router = useRouter();
  const { run, pending, toast } = useAction();
  const errorText = useActionError();
  /** A refusal of the webhook address, shown under its field (as well as in the toast). */
  const [webhookError, setWebhookError] = useState<string | null>(null);
  const [thresholds, setThresholds] = useState(settings.budgetThresholds.join(', '));
  const [email, setEmail] = useState(settings.email);
  // The saved address never comes back to the page: a new one replaces it, or it is removed.
  const [webhookUrl, setWebhookUrl] = useState('');
  const [removeWebhook, setRemoveWebhook] = useState(false);
  const [failurePercent, setFailurePercent] = useState(settings.failurePercent?.toString() ?? '');
  const [slowSeconds, setSlowSeconds] = useState(settings.slowP95Seconds?.toString() ?? '');
  const [callsAtLeast, setCallsAtLeast] = useState(String(settings.callsAtLeast));
  const [weeklySummary, setWeeklySummary] = useState(settings.weeklySummary);
  const percent = failurePercent.trim() ? Number(failurePercent) : null;
  const seconds = slowSeconds.trim() ? Number(slowSeconds) : null;
  const minimum = Number(callsAtLeast);
  const callsValid =
    (percent === null || (Number.isInteger(percent) && percent >= 1 && percent <= 100)) &&
    (seconds === null || (seconds >= 0.1 && seconds <= 600)) &&
    Number.isInteger(minimum) &&
    minimum >= 1;
  // The call rules' fields: whole numbers lose anything but digits as they are typed.
  const callRules = [
    { id: 'failures', label: a.failures, hint: a.failuresHint, placeholder: a.off, value: failurePercent, set: setFailurePercent, whole: true },
    { id: 'slow', label: a.slow, hint: a.slowHint, placeholder: a.off, value: slowSeconds, set: setSlowSeconds, whole: false },
    { id: 'calls', label: a.callsAtLeast, hint: a.callsAtLeastHint, placeholder: undefined, value: callsAtLeast, set: setCallsAtLeast, whole: true },
  ];
  const [secret, setSecret] = useState<string | null>(null);
  const parsed = parseThresholds(thresholds);
  const readOnly = !save;
  const webhookHint = settings.webhook?.masked
    ? format(a.webhookSaved, { address: settings.webhook.masked })
    : settings.webhook
      ? a.webhookHidden
      : a.webhookHint;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save || !parsed) return;
    run(
      async () => {
        const result = await save({
          budgetThresholds: parsed,
          email,
          ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : removeWebhook || !settings.webhook ? { webhookUrl: null } : {}),
          failurePercent: percent,
          slowP95Seconds: seconds,
          callsAtLeast: minimum,
          weeklySummary,
        });
        setWebhookError(!result.ok && result.error.fields?.webhookUrl ? errorText(result.error) : null);
        return result;
      },
      (saved) => {
        toast(a.saved, 'success');
        setSecret(saved.webhookSecret);
        setWebhookUrl('');
        setRemoveWebhook(false);
        router.refresh();
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 px-5 pt-4 pb-5 sm:px-6" aria-label={a.title}>
      <Field id={`${id}-thresholds`} label={a.thresholds} hint={a.thresholdsHint} error={parsed ? undefined : a.thresholdsHint}>
        <Input id={`${id}-thresholds`} value={thresholds} disabled={readOnly} inputMode="numeric" onChange={(e) => setThresholds(e.target.value)} />
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-3">
        {callRules.map((rule) => (
          <Field key={rule.id} id={`${id}-${rule.id}`} label={rule.label} hint={rule.hint}>
            <Input
              id={`${id}-${rule.id}`}
              value={rule.value}
              disabled={readOnly}
              inputMode={rule.whole ? 'numeric' : 'decimal'}
              placeholder={rule.placeholder}
              onChange={(e) => rule.set(rule.whole ? e.target.value.replace(/\D/g, '') : e.target.value)}
            />
          </Field>
        ))}
      </div>
      <CheckField
        id={`${id}-weekly`}
        label={a.weekly}
        hint={a.weeklyHint}
        checked={weeklySummary}
        disabled={readOnly}
        onChange={(e) => setWeeklySummary(e.target.checked)}
      />
      <CheckField
        id={`${id}-email`}
        label={a.email}
        hint={emailAvailable ? a.emailHint : a.emailOff}
        checked={email}
        disabled={readOnly}
        onChange={(e) => setEmail(e.target.checked)}
      />
      <Field id={`${id}-webhook`} label={a.webhook} hint={webhookHint} error={webhookError ?? undefined}>
        <Input
          id={`${id}-webhook`}
          type="url"
          value={webhookUrl}
          disabled={readOnly || removeWebhook}
          placeholder={settings.webhook?.masked ?? 'https://hooks.slack.com/services/…'}
          onChange={(e) => setWebhookUrl(e.target.value)}
        />
      </Field>
      {save && settings.webhook && (
        <CheckField
          id={`${id}-webhook-remove`}
          label={a.webhookRemove}
          hint={a.webhookRemoving}
          checked={removeWebhook}
          onChange={(e) => {
            setRemoveWebhook(e.target.checked);
            setWebhookUrl('');
          }}
        />
      )}
      {secret && <FreshLink url={secret} title={a.secret} testId="alert-webhook-secret" />}
      {save && (
        <div className="flex justify-end">
          <Button type="submit" size="sm" pending={pending} disabled={!parsed || !callsValid}>
            {a.save}
          </Button>
        </div>
      )}
    </form>
  );
}

function AlertRow({ item }: { item: AlertItem }) {
  const { t, locale } = useI18n();
  const a = t.alerts;
  const subject = item.rule === 'budget' ? format(a.subjects[item.kind], { name: item.name }) : a.rules[item.rule];
  const facts: ReactNode[] = [
    item.approval
      ? format(a.approvalAsked, { name: item.approval.requester, estimate: formatCny(item.approval.estimate, locale) })
      : item.week
        ? format(a.weekSpent, { ...item.week, total: formatCny(item.week.total, locale), previous: formatCny(item.week.previous, locale) })
        : item.calls
          ? item.rule === 'failures'
            ? format(a.failedOf, { failed: item.calls.failed, calls: item.calls.calls, threshold: item.threshold })
            : format(a.p95Was, { seconds: (item.calls.p95Ms / 1000).toFixed(1), threshold: item.threshold, calls: item.calls.calls })
          : budgetFact(a, item, locale),
    a.channels[item.channel],
    item.recipients ? format(a.to, { recipients: item.recipients }) : null,
    item.attempts > 1 ? format(a.attempts, { n: item.attempts }) : null,
    <TimePhrase key="fired" template={a.fired} at={item.firedAt} />,
  ];
  const Icon = item.channel === 'email' ? Mail : Webhook;
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 px-5 py-3.5 sm:gap-x-4 sm:px-6"
      data-testid="alert-event"
      data-status={item.status}
    >
      <span className="grid size-9 place-items-center rounded-control bg-subtle text-ink-muted">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="flex items-center gap-1.5 truncate text-sm font-medium text-ink">
          <Bell className="size-3.5 text-ink-muted" aria-hidden />
          {subject}
        </p>
        <FactLine facts={facts} />
        {item.status !== 'delivered' && item.error && <p className="truncate text-[13px] text-danger">{item.error}</p>}
      </div>
      <Badge tone={STATUS_TONES[item.status]}>{a.states[item.status]}</Badge>
    </li>
  );
}
