'use client';

import { useState } from 'react';
import { KeyRound, Lock } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../ui/card';
import { KeyForm } from './key-form';
import { RemoveKeyButton } from './remove-key-button';
import { DAY, TimePhrase } from '../local-time';

export interface KeySummary {
  /** Absent when the viewer may only know that a key exists (members looking at the team key). */
  last4?: string;
  provisioned: boolean;
  /** ISO time of the last change, shown in the viewer's zone. */
  updated: string;
  inUse: boolean;
}

interface ServiceKeyCardProps {
  kind: 'user' | 'team';
  teamName?: string;
  status: KeySummary | null;
  fallbackToTeam?: boolean;
  canManage: boolean;
  save: (input: { key: string }) => Promise<ActionResult<null>>;
  remove: (input: Record<string, never>) => Promise<ActionResult<null>>;
}

export function ServiceKeyCard({ kind, teamName = '', status, fallbackToTeam, canManage, save, remove }: ServiceKeyCardProps) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const user = kind === 'user';

  return (
    <Card>
      <CardHeader
        title={user ? t.keys.yourKey : t.keys.teamKey}
        description={user ? t.keys.yourKeyLead : format(t.keys.teamKeyLead, { team: teamName })}
        action={status?.inUse ? <Badge tone="success">{t.keys.inUse}</Badge> : undefined}
      />
      <CardBody className="grid gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-control bg-subtle/70 px-4 py-3.5 ring-1 ring-line ring-inset">
          <div className="grid size-9 shrink-0 place-items-center rounded-control bg-surface text-ink-subtle shadow-card">
            <KeyRound className="size-4" />
          </div>
          <div className="grid min-w-0 flex-1 basis-52 gap-0.5">
            {status ? (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  {status.last4 ? (
                    <span className="font-mono text-sm tracking-wider text-ink" aria-label={`•••• ${status.last4}`}>
                      •••• •••• {status.last4}
                    </span>
                  ) : (
                    <span className="text-sm font-medium text-ink">{t.keys.teamKeySet}</span>
                  )}
                  {user && <Badge tone={status.provisioned ? 'accent' : 'neutral'}>{status.provisioned ? t.keys.provisioned : t.keys.addedByYou}</Badge>}
                </p>
                <p className="text-xs text-ink-subtle">
                  <TimePhrase template={t.keys.updated} at={status.updated} options={DAY} />
                </p>
              </>
            ) : (
              <>
                <p className="text-sm font-medium text-ink">{user ? t.keys.none : t.keys.teamKeyUnset}</p>
                {(user || canManage) && (
                  <p className="text-xs text-ink-subtle">{user ? (fallbackToTeam ? t.keys.usingTeamKey : t.keys.noneLead) : t.keys.teamKeyNoneLead}</p>
                )}
              </>
            )}
          </div>
          {canManage && !editing && (
            <div className="ml-auto flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                {status ? t.keys.replace : t.keys.add}
              </Button>
              {status && <RemoveKeyButton kind={kind} remove={remove} />}
            </div>
          )}
        </div>
        {editing && <KeyForm save={save} onDone={() => setEditing(false)} />}
      </CardBody>
      <CardFooter>
        <Lock className="size-3.5 shrink-0" />
        <span className="min-w-0 flex-1">{canManage ? t.keys.neverShown : t.keys.teamKeyMembersNote}</span>
      </CardFooter>
    </Card>
  );
}
