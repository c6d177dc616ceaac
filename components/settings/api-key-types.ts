import type { ActionResult } from '@/lib/auth/action';

/** One API key as Settings lists it: plain data, never the key or its hash. */
export interface ApiKeyItem {
  id: string;
  name: string;
  /** `atl_` and the public prefix, to tell keys apart. */
  shown: string;
  member: string;
  budget: string | null;
  spent: string;
  rpm: number | null;
  models: string[];
  state: 'active' | 'revoked' | 'expired';
  /** ISO times, shown in the viewer's zone. */
  expires: string | null;
  lastUsed: string | null;
}

export interface NewApiKey {
  name: string;
  userId: string;
  monthlyBudget?: string;
  rpm?: number;
  models: string[];
  expiresInDays?: number;
}

export type MakeApiKey = (input: NewApiKey) => Promise<ActionResult<{ id: string; token: string; webhookSecret: string }>>;
export type RevokeApiKey = (input: { id: string }) => Promise<ActionResult<null>>;
