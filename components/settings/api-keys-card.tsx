'use client';

import { Plus, SquareTerminal } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FactLine } from '../ui/fact-line';
import { format, formatCny } from '@/lib/i18n';
import { ConfirmRemoval } from '../confirm-removal';
import { FreshLink } from '../fresh-link';
import { useI18n } from '../i18n-provider';
import { DAY, TimePhrase } from '../local-time';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardHeader, CardList } from '../ui/card';
import { Field, Input, Select } from '../ui/input';
import { Segmented } from '../ui/segmented';
import { useAction } from '../use-action';
import type { ApiKeyItem, MakeApiKey, RevokeApiKey } from './api-key-types';

const STATE_TONES = { active: 'success', expired: 'neutral', revoked: 'danger' } as const;
const EXPIRIES = ['never', '30', '90', '365'] as const;

/** Settings → API keys: the team's keys with what they spent, and (for admins) making and revoking them. */
export function ApiKeysCard({
  base,
  keys,
  members,
  models,
  make,
  revoke,
}: {
  base: string;
  keys: ApiKeyItem[];
  /** Present for owners and admins, who manage keys. */
  members?: Array<{ id: string; name: string }>;
  models: string[];
  make?: MakeApiKey;
  revoke?: RevokeApiKey;
}) {
  const { t } = useI18n();
  const a = t.api;
  const [creating, setCreating] = useState(false);
  const manage = Boolean(members && make && revoke);
  return (
    <Card>
      <CardHeader
        title={a.title}
        description={manage ? format(a.lead, { base }) : a.leadMember}
        action={
          manage && !creating ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus />
              {a.create}
            </Button>
          ) : undefined
        }
      />
      {creating && members && make && <NewKeyForm members={members} models={models} make={make} onClose={() => setCreating(false)} />}
      <CardList empty={a.empty} testId="api-keys">
        {keys.map((key) => (
          <KeyRow key={key.id} item={key} revoke={revoke} />
        ))}
      </CardList>
    </Card>
  );
}

function KeyRow({ item, revoke }: { item: ApiKeyItem; revoke?: RevokeApiKey }) {
  const { t, locale } = useI18n();
  const a = t.api;
  const facts: ReactNode[] = [
    <span key="prefix" className="font-mono">
      {item.shown}…
    </span>,
    item.member,
    item.budget
      ? format(a.spentOf, { spent: formatCny(item.spent, locale), budget: formatCny(item.budget, locale) })
      : format(a.spent, { spent: formatCny(item.spent, locale) }),
    item.rpm ? format(a.perMinute, { n: item.rpm }) : null,
    item.models.length > 0 ? item.models.join(', ') : a.anyModel,
    item.lastUsed ? <TimePhrase key="used" template={a.lastUsed} at={item.lastUsed} /> : a.neverUsed,
    item.expires && item.state !== 'revoked' ? <TimePhrase key="expires" template={a.expires} at={item.expires} options={DAY} /> : null,
  ];
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 px-5 py-3.5 sm:gap-x-4 sm:px-6" data-testid="api-key" data-state={item.state}>
      <span className="grid size-9 place-items-center rounded-control bg-subtle text-ink-muted">
        <SquareTerminal className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="truncate text-sm font-medium text-ink">{item.name}</p>
        <FactLine facts={facts} />
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={STATE_TONES[item.state]}>{a.states[item.state]}</Badge>
        {revoke && item.state === 'active' && (
          <ConfirmRemoval
            words={{ label: a.revoke, title: format(a.revokeTitle, { name: item.name }), lead: a.revokeLead, done: a.revoked }}
            action={() => revoke({ id: item.id })}
          />
        )}
      </div>
    </li>
  );
}

/** The form for a new key; once made, its key and webhook secret are shown this once. */
function NewKeyForm({
  members,
  models,
  make,
  onClose,
}: {
  members: Array<{ id: string; name: string }>;
  models: string[];
  make: MakeApiKey;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const a = t.api;
  const id = useId();
  const router = useRouter();
  const { run, pending } = useAction();
  const [name, setName] = useState('');
  const [userId, setUserId] = useState(members[0]?.id ?? '');
  const [budget, setBudget] = useState('');
  const [rpm, setRpm] = useState('');
  const [allowed, setAllowed] = useState<string[]>([]);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]>('never');
  const [made, setMade] = useState<{ token: string; webhookSecret: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(
      () =>
        make({
          name,
          userId,
          models: allowed,
          ...(budget.trim() ? { monthlyBudget: budget.trim() } : {}),
          ...(rpm.trim() ? { rpm: Number(rpm) } : {}),
          ...(expiry !== 'never' ? { expiresInDays: Number(expiry) } : {}),
        }),
      (key) => {
        setMade(key);
        router.refresh();
      },
    );
  };

  if (made) {
    return (
      <div className="mx-5 mt-4 grid gap-3 sm:mx-6">
        <FreshLink url={made.token} title={a.ready} testId="api-key-token" />
        <FreshLink url={made.webhookSecret} title={a.webhookSecret} testId="api-key-webhook-secret" />
        <Button variant="secondary" size="sm" className="justify-self-end" onClick={onClose}>
          {a.done}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="mx-5 mt-4 grid gap-4 rounded-control bg-subtle/60 p-4 sm:mx-6" aria-label={a.create}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={a.name}>
          <Input id={`${id}-name`} value={name} maxLength={80} required placeholder={a.namePlaceholder} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id={`${id}-member`} label={a.member} hint={a.memberHint}>
          <Select
            id={`${id}-member`}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            options={members.map((m) => ({ value: m.id, label: m.name }))}
          />
        </Field>
        <Field id={`${id}-budget`} label={a.budget}>
          <Input id={`${id}-budget`} inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} placeholder="200" />
        </Field>
        <Field id={`${id}-rpm`} label={a.rpm}>
          <Input id={`${id}-rpm`} inputMode="numeric" value={rpm} onChange={(e) => setRpm(e.target.value.replace(/\D/g, ''))} placeholder="60" />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-[13px] font-medium text-ink">{a.models}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {models.map((model) => (
            <label key={model} className="flex items-center gap-1.5 font-mono text-[13px] text-ink-muted">
              <input
                type="checkbox"
                checked={allowed.includes(model)}
                onChange={(e) => setAllowed((list) => (e.target.checked ? [...list, model] : list.filter((m) => m !== model)))}
              />
              {model}
            </label>
          ))}
        </div>
        <p className="text-[13px] text-ink-muted">{a.modelsHint}</p>
      </fieldset>
      <Segmented label={a.expiry} value={expiry} options={EXPIRIES.map((value) => ({ value, label: a.expiries[value] }))} onChange={setExpiry} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onClose}>
          {t.common.cancel}
        </Button>
        <Button type="submit" size="sm" pending={pending} disabled={!name.trim() || !userId}>
          {a.make}
        </Button>
      </div>
    </form>
  );
}
