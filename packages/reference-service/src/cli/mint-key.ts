// `npm run service:key`: mints a key in the service's data dir and prints it (the administrator's CLI, decisions.md row 14).
import { mkdir } from 'node:fs/promises';
import { loadConfig } from '../config';
import { KeyRing } from '../keys';
import { JsonStore } from '../store';

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
console.log(await new KeyRing(new JsonStore(config.dataDir)).mint(process.argv[2] ?? null));
