// /api/auth/*: next-auth's own endpoints (session, CSRF, callbacks, sign-out), called by next-auth's client and providers.
import { handlers } from '@/lib/auth/auth';

export const { GET, POST } = handlers;
