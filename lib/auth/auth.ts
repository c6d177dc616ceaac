import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import { z } from 'zod';
import { appConfig } from '../config';
import { db } from '../runtime';
import { userForOAuth } from '../accounts/oauth-user';
import { verifyPassword } from './password';

const credentialsSchema = z.object({ email: z.email().transform((e) => e.toLowerCase()), password: z.string().min(1).max(1000) });

function providers(): NextAuthConfig['providers'] {
  const list: NextAuthConfig['providers'] = [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const prisma = await db();
        const user = await prisma.user.findUnique({ where: { email: parsed.data.email } });
        if (!user?.passwordHash || !(await verifyPassword(parsed.data.password, user.passwordHash))) return null;
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
  session: { strategy: 'jwt', maxAge: 30 * 24 * 3600 },
  pages: { signIn: '/sign-in' },
  // A wrong password is an expected outcome, not a server fault: keep it out of the error log.
  logger: {
    error(error) {
      if (!(error instanceof CredentialsSignin)) console.error('[auth]', error);
    },
  },
  providers: providers(),
  callbacks: {
    async jwt({ token, user, account }) {
      // OAuth sign-ins map onto our own user (created with a personal team on first visit).
      if (account && account.type === 'oauth' && user?.email) {
        token.sub = await userForOAuth({ email: user.email, name: user.name ?? user.email, provider: account.provider, providerAccountId: account.providerAccountId });
      } else if (user?.id) {
        token.sub = user.id;
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));
