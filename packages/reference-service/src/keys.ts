import { createHash, randomBytes } from 'node:crypto';
import { ServiceError } from './errors';
import type { JsonStore } from './store';

interface KeyRecord {
  hash: string;
  name: string | null;
  created: number;
}

/** Keys are 256-bit random strings, so a plain SHA-256 is a sufficient at-rest hash (no stretching needed). */
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export class KeyRing {
  private readonly known = new Set<string>();

  constructor(private readonly store: JsonStore) {}

  async mint(name: string | null = null): Promise<string> {
    const key = `sk-ref-${randomBytes(32).toString('base64url')}`;
    const record: KeyRecord = { hash: hashKey(key), name, created: Math.floor(Date.now() / 1000) };
    await this.store.put('keys', record.hash, record);
    this.known.add(record.hash);
    return key;
  }

  /** Returns the key's hash, which owns the tasks and files made with it. */
  async authenticate(request: Request): Promise<string> {
    const header = request.headers.get('authorization');
    const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
    if (!match) throw new ServiceError(401, 'missing_api_key', 'Send your API key as "Authorization: Bearer <API_KEY>".');
    const hash = hashKey(match[1]);
    if (this.known.has(hash)) return hash;
    if (await this.store.get<KeyRecord>('keys', hash)) {
      this.known.add(hash);
      return hash;
    }
    throw new ServiceError(401, 'invalid_api_key', 'The API key is not valid.');
  }
}
