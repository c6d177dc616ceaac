import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import { z } from 'zod';
import { appConfig } from '../config';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { db } from '../runtime';
import { userForOAuth } from '../accounts/oauth-user';
import { safeCallbackUrl } from './callback-url';
import { isKnownDevice } from './device';
import { verifyPasswordOrDecoy } from '../accounts/password';
import { liveSessionUser, openSession, revokeSession, SESSION_MAX_AGE_S } from './sessions';
import { recordFailure, recordSuccess, secondsToWait } from './throttle';
import { log } from '../observability/log';

declare module 'next-auth' {
  interface Session {
    /** This session's id and the user's session version when it was opened (lib/auth/sessions.ts). */
    sid?: string;
    sv?: number;
  }
}

const credentialsSchema = z.object({ email: z.email().transform((e) => e.toLowerCase()), password: z.string().min(1).max(1000) });

/** A sign-in refused before the password was even checked: the account or the address must wait. */
export class SignInThrottled extends CredentialsSignin {
  code = 'throttled';
}

/** Who is signing in from where, for the throttle: the address server.ts stamped, the device cookie. */
export function signInAttempt(email: string, headers: Pick<Headers, 'get'>) {
  return { email: email.toLowerCase(), ip: headers.get(CLIENT_IP_HEADER) ?? 'unknown', knownDevice: isKnownDevice(headers.get('cookie'), email.toLowerCase()) };
}

function providers(): NextAuthConfig['providers'] {
  const list: NextAuthConfig['providers'] = [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        const attempt = signInAttempt(email, request.headers);
        if ((await secondsToWait(attempt)) > 0) throw new SignInThrottled();
        const prisma = await db();
        const user = await prisma.user.findUnique({ where: { email } });
        // An unknown email costs the same scrypt work as a known one.
        if (!(await verifyPasswordOrDecoy(password, user?.passwordHash)) || !user) {
          await recordFailure(attempt);
          return null;
        }
        await recordSuccess(email);
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  // OAuth only when configured: a provider with no credentials would break the sign-in page.
  const { github } = appConfig().oauth;
  if (github) list.push(GitHub({ clientId: github.clientId, clientSecret: github.clientSecret }));
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: appConfig().authSecret,
  trustHost: true,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: '/sign-in' },
  // A wrong password is an expected outcome, not a server fault: keep it out of the error log.
  logger: {
    error(error) {
      if (!(error instanceof CredentialsSignin)) log().error({ err: error }, 'auth: sign-in failed');
    },
  },
  providers: providers(),
  events: {
    // Signing out ends this session server-side: a copy of the cookie stops working too.
    async signOut(message) {
      const sid = 'token' in message ? message.token?.sid : undefined;
      if (typeof sid === 'string') await revokeSession(sid);
    },
  },
  callbacks: {
    // next-auth's own redirects (OAuth, sign-out) follow the same rule as our sign-in pages.
    redirect({ url }) {
      return new URL(safeCallbackUrl(url, '/sign-in'), appConfig().publicUrl).toString();
    },
    async jwt({ token, user, account }) {
      if (!user) {
        // Every way in reads the session through here: next-auth's /api/auth/session, and auth() in
        // pages, actions and route handlers. A revoked session is signed out on all of them at once,
        // its cookie cleared (next-auth drops the session when this answers null).
        const live = await liveSessionUser(token);
        return live ? { ...token, name: live.name, email: live.email } : null;
      }
      // A sign-in. OAuth sign-ins map onto our own user (created with a personal team on first visit).
      const userId =
        account?.type === 'oauth' && user.email
          ? await userForOAuth({ email: user.email, name: user.name ?? user.email, provider: account.provider, providerAccountId: account.providerAccountId })
          : user.id;
      if (!userId) return token;
      const { sid, sv } = await openSession(userId);
      return { ...token, sub: userId, sid, sv };
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (token.email) session.user.email = token.email;
      if (typeof token.sid === 'string' && typeof token.sv === 'number') Object.assign(session, { sid: token.sid, sv: token.sv });
      return session;
    },
  },
}));
