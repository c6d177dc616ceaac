'use client';

import type { ActionResult } from '@/lib/auth/action';
import type { Dictionary } from '@/lib/i18n';
import { useI18n } from './i18n-provider';

type ActionError = Extract<ActionResult<unknown>, { ok: false }>['error'];

// lib/ refuses with English sentences (AppError messages). Until they carry message codes, the
// known ones are translated here; an unknown one is shown as the server wrote it.
const KNOWN: Record<string, keyof Dictionary['serverErrors']> = {
  'A team needs at least one owner.': 'lastOwner',
  'A team needs at least one owner: make someone else owner first.': 'lastOwnerLeave',
  'Only owners and admins manage members.': 'adminsOnly',
  'Only owners and admins rename the team.': 'adminsOnly',
  'Only owners and admins invite.': 'adminsOnly',
  'Only owners and admins revoke invites.': 'adminsOnly',
  'This needs the admin role.': 'adminsOnly',
  'Only an owner can change an owner or make someone owner.': 'ownerRoles',
  'Only an owner can invite an owner.': 'ownerInvite',
  'No such member in this team.': 'noMember',
  'No such invite.': 'noInvite',
  'This invite link is invalid, used or expired.': 'inviteInvalid',
  'This invite link has already been used.': 'inviteUsed',
  'That does not look like a service key.': 'badKey',
  'You are not a member of this team.': 'notMember',
};

/** Turns a failed action's error into text in the UI's language, never a raw internal error. */
export function useActionError() {
  const { t } = useI18n();
  return (error: ActionError): string => {
    if (error.code === 'invalid_input' && !KNOWN[error.message]) return t.errors.invalidInput;
    if (error.code === 'unauthenticated') return t.errors.unauthenticated;
    if (error.code === 'internal') return t.errors.internal;
    const known = KNOWN[error.message];
    return known ? t.serverErrors[known] : error.message;
  };
}
