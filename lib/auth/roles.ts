import type { Role } from '../db/generated/enums';

export type { Role };
export const ROLES: readonly Role[] = ['member', 'admin', 'owner'];

/** True when `role` is at least `needed` (member < admin < owner). */
export const atLeast = (role: Role, needed: Role) => ROLES.indexOf(role) >= ROLES.indexOf(needed);
