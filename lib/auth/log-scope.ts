import type { LogScope } from '../request-log/query';
import type { TeamContext } from './context';
import { atLeast } from './roles';

/** Whose calls a viewer of the request log sees: the team's for owners and admins, their own otherwise. */
export const logScope = (ctx: TeamContext): LogScope => (atLeast(ctx.role, 'admin') ? { teamId: ctx.team.id } : { teamId: ctx.team.id, userId: ctx.user.id });
