'use client';

import { useId, useState } from 'react';
import { Link2 } from 'lucide-react';
import type { ActionResult } from '@/lib/auth/action';
import type { Role } from '@/lib/auth/roles';
import { FreshLink } from '../fresh-link';
import { useI18n } from '../i18n-provider';
import { useAction } from '../use-action';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { Select } from '../ui/input';
import { PendingInvites, type PendingInvite } from './pending-invites';

interface InviteCardProps {
  viewerRole: Role;
  invites: PendingInvite[];
  createInvite: (input: { role: Role }) => Promise<ActionResult<{ token: string }>>;
  revokeInvite: (input: { inviteId: string }) => Promise<ActionResult<null>>;
}

export function InviteCard({ viewerRole, invites, createInvite, revokeInvite }: InviteCardProps) {
  const { t } = useI18n();
  const { run, pending } = useAction();
  const roleId = useId();
  const [role, setRole] = useState<Role>('member');
  const [link, setLink] = useState<string>();
  const roles: Role[] = viewerRole === 'owner' ? ['member', 'admin', 'owner'] : ['member', 'admin'];

  const create = () =>
    run(
      () => createInvite({ role }),
      // Shown once, built from the address the admin is using right now.
      ({ token }) => setLink(`${window.location.origin}/invite/${token}`),
    );

  return (
    <Card>
      <CardHeader title={t.team.invite} description={t.team.inviteLead} />
      <CardBody className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <label htmlFor={roleId} className="text-[13px] font-medium text-ink">
              {t.team.role}
            </label>
            <Select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              className="w-36"
              options={roles.map((r) => ({ value: r, label: t.roles[r] }))}
            />
          </div>
          <Button onClick={create} pending={pending}>
            {!pending && <Link2 />}
            {t.team.createLink}
          </Button>
        </div>
        {link && <FreshLink url={link} title={t.team.linkReady} inputLabel={t.team.linkLabel} />}
      </CardBody>
      <PendingInvites invites={invites} revoke={revokeInvite} />
    </Card>
  );
}
