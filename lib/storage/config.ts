import { z } from 'zod';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';
import type { BlobStore } from './types';

const localConfig = z.object({
  driver: z.literal('local'),
  dir: z.string().min(1).default('.data/assets'),
});

const s3Config = z.object({
  driver: z.literal('s3'),
  bucket: z.string().min(1, 'S3_BUCKET is required when STORAGE_DRIVER=s3'),
  region: z.string().min(1).default('us-east-1'),
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  forcePathStyle: z.boolean().default(false),
  credentials: z.object({ accessKeyId: z.string().min(1), secretAccessKey: z.string().min(1) }).optional(),
});

/** The one schema for storage settings, whether they come from the environment or from code. */
export const storageConfigSchema = z.discriminatedUnion('driver', [localConfig, s3Config]);
export type StorageConfig = z.infer<typeof storageConfigSchema>;
export type StorageConfigInput = z.input<typeof storageConfigSchema>;

/** An empty variable counts as unset, so `S3_ENDPOINT=` in a .env file does not fail as a bad URL. */
const variable = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().trim().optional());

const envSchema = z
  .object({
    STORAGE_DRIVER: variable,
    STORAGE_LOCAL_DIR: variable,
    S3_BUCKET: variable,
    S3_REGION: variable,
    S3_ENDPOINT: variable,
    S3_ACCESS_KEY_ID: variable,
    S3_SECRET_ACCESS_KEY: variable,
    S3_FORCE_PATH_STYLE: variable.pipe(z.stringbool().optional()),
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
  })
  .transform((env) => ({
    driver: env.STORAGE_DRIVER ?? 'local',
    dir: env.STORAGE_LOCAL_DIR,
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  }));

/** Storage settings from environment variables (lib/config.ts reads them, with the rest). */
export function loadStorageConfig(env: Record<string, string | undefined>): StorageConfig {
  const fromEnv = envSchema.safeParse(env);
  const parsed = fromEnv.success ? storageConfigSchema.safeParse(fromEnv.data) : fromEnv;
  if (!parsed.success) throw new Error(`Storage config is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The store the config names. */
export function createBlobStore(config: StorageConfigInput): BlobStore {
  const parsed = storageConfigSchema.parse(config);
  return parsed.driver === 'local' ? new LocalBlobStore(parsed.dir) : new S3BlobStore(parsed);
}
