'use client';

import { useId, useState, useTransition } from 'react';
import { Link2 } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import type { Role } from '@/lib/auth/roles';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { Select } from '../ui/input';
import { useToast } from '../ui/toast';
import { InviteLink } from './invite-link';
import { PendingInvites, type PendingInvite } from './pending-invites';

interface InviteCardProps {
  viewerRole: Role;
  invites: PendingInvite[];
  createInvite: (input: { role: Role }) => Promise<ActionResult<{ token: string }>>;
  revokeInvite: (input: { inviteId: string }) => Promise<ActionResult<null>>;
}

export function InviteCard({ viewerRole, invites, createInvite, revokeInvite }: InviteCardProps) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useActionError();
  const roleId = useId();
  const [role, setRole] = useState<Role>('member');
  const [link, setLink] = useState<string>();
  const [pending, startTransition] = useTransition();
  const roles: Role[] = viewerRole === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin'];

  const create = () =>
    startTransition(async () => {
      const result = await createInvite({ role });
      if (!result.ok) return toast(errorText(result.error), 'error');
      // Shown once, built from the address the admin is using right now.
      setLink(`${window.location.origin}/invite/${result.data.token}`);
    });

  return (
    <Card>
      <CardHeader title={t.team.invite} description={t.team.inviteLead} />
      <CardBody className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <label htmlFor={roleId} className="text-[13px] font-medium text-ink">
              {t.team.role}
            </label>
            <Select id={roleId} value={role} onChange={(e) => setRole(e.target.value as Role)} className="w-36">
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t.roles[r]}
                </option>
              ))}
            </Select>
          </div>
          <Button onClick={create} pending={pending}>
            {!pending && <Link2 />}
            {t.team.createLink}
          </Button>
        </div>
        {link && <InviteLink url={link} />}
      </CardBody>
      <PendingInvites invites={invites} revoke={revokeInvite} />
    </Card>
  );
}
