'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { format, formatCny } from '@/lib/i18n';
import { BUDGET_AMOUNT, usage, type BudgetLine, type BudgetStatus } from '@/lib/ledger/budget-usage';
import type { BudgetSettingsInput } from '@/lib/ledger/budgets';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../ui/card';
import { CheckField, Field, fieldAria, Input, Select } from '../ui/input';
import { useToast } from '../ui/toast';
import { BudgetMeter, percent } from './budget-meter';
import { TableHead } from '../ui/table';

interface BudgetsFormProps {
  status: BudgetStatus;
  canEdit: boolean;
  /** Every zone this server knows, the team's first (computed on the server so both sides agree). */
  timeZones: string[];
  save: (input: BudgetSettingsInput) => Promise<ActionResult<null>>;
}

/** The team budget, hard or soft, the time zone, and a budget per member; read-only for members. */
export function BudgetsForm({ status, canEdit, timeZones, save }: BudgetsFormProps) {
  const { t } = useI18n();
  const b = t.dashboard.budgets;
  const toast = useToast();
  const describe = useActionError();
  const id = useId();
  const [teamBudget, setTeamBudget] = useState(status.team.limit ?? '');
  const [hard, setHard] = useState(status.hard);
  const [timeZone, setTimeZone] = useState(status.timeZone);
  const [members, setMembers] = useState<Record<string, string>>(Object.fromEntries(status.members.map((m) => [m.userId!, m.limit ?? ''])));
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const invalid = (value: string) => value.trim() !== '' && !BUDGET_AMOUNT.test(value.trim());
  const anyInvalid = invalid(teamBudget) || Object.values(members).some(invalid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (anyInvalid) return;
    startTransition(async () => {
      const result = await save({ teamBudget, hard, timeZone, members: Object.entries(members).map(([userId, budget]) => ({ userId, budget })) });
      setError(result.ok ? undefined : describe(result.error));
      if (result.ok) toast(b.saved);
    });
  };

  return (
    <form onSubmit={submit} className="grid max-w-4xl gap-6">
      <Card>
        <CardHeader title={b.team} description={b.teamHint} />
        <CardBody className="grid gap-5">
          <Usage line={status.team} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={`${id}-team`} label={b.limit} error={invalid(teamBudget) ? b.invalidAmount : undefined}>
              <Input
                {...fieldAria(`${id}-team`, invalid(teamBudget) ? b.invalidAmount : undefined)}
                inputMode="decimal"
                placeholder={b.none}
                value={teamBudget}
                onChange={(e) => setTeamBudget(e.target.value)}
                disabled={!canEdit}
              />
            </Field>
            <Field id={`${id}-zone`} label={b.timeZone} hint={b.timeZoneHint}>
              <Select
                id={`${id}-zone`}
                aria-describedby={`${id}-zone-hint`}
                value={timeZone}
                onChange={(e) => setTimeZone(e.target.value)}
                disabled={!canEdit}
                className="w-full"
                options={timeZones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
              />
            </Field>
          </div>
          <CheckField id="budget-hard" checked={hard} onChange={(e) => setHard(e.target.checked)} disabled={!canEdit} label={b.hard} hint={b.hardHint} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title={canEdit ? b.members : b.yours} description={canEdit ? b.membersHint : undefined} className="pb-4" />
        <div className="overflow-x-auto">
          <table className="w-full text-left text-[13px] sm:min-w-[34rem]">
            <TableHead columns={[b.member, b.spent, b.limit]} className="border-y" />
            <tbody className="divide-y divide-line">
              {status.members.map((m) => {
                const value = members[m.userId!] ?? '';
                return (
                  <tr key={m.userId}>
                    <td className="py-3 pr-3 pl-5 text-ink sm:pl-6">{m.name}</td>
                    <td className="w-2/5 px-3 py-3">
                      <Usage line={m} compact />
                    </td>
                    <td className="py-3 pr-5 pl-3 sm:pr-6">
                      <Input
                        aria-label={`${b.limit}: ${m.name}`}
                        aria-invalid={invalid(value) || undefined}
                        inputMode="decimal"
                        placeholder={b.none}
                        value={value}
                        onChange={(e) => setMembers((all) => ({ ...all, [m.userId!]: e.target.value }))}
                        disabled={!canEdit}
                        className="h-9 max-w-40"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <CardFooter className="justify-between">
          {canEdit ? (
            <>
              <span role={error || anyInvalid ? 'alert' : undefined} className={error || anyInvalid ? 'text-danger' : undefined}>
                {error ?? (anyInvalid ? b.invalidAmount : b.description)}
              </span>
              <Button type="submit" pending={pending} disabled={anyInvalid}>
                {b.save}
              </Button>
            </>
          ) : (
            <span>{b.readOnly}</span>
          )}
        </CardFooter>
      </Card>
    </form>
  );
}

/** Spent this month against the limit, with the meter when there is one. */
function Usage({ line, compact }: { line: BudgetLine; compact?: boolean }) {
  const { t, locale } = useI18n();
  const b = t.dashboard.budgets;
  const used = usage(line);
  const spent = formatCny(line.spent, locale);
  return (
    <div className={compact ? 'grid gap-1.5' : 'grid gap-2'}>
      <div className="flex items-baseline justify-between gap-3">
        <span className={compact ? 'text-ink tabular-nums' : 'text-xl font-semibold tracking-tight text-ink tabular-nums'}>
          {spent}
          {line.limit !== null && <span className="text-ink-subtle"> / {formatCny(line.limit, locale)}</span>}
        </span>
        {used !== null && (
          <span className={used >= 1 ? 'text-xs font-medium text-danger' : 'text-xs text-ink-muted'}>
            {used >= 1 ? b.over : format(b.used, { percent: percent(used) })}
          </span>
        )}
      </div>
      {used !== null && <BudgetMeter used={used} label={line.name} />}
    </div>
  );
}
