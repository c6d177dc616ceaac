import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resetKnobs as resetServiceKnobs, setKnobs as setServiceKnobs, type KnobSettings } from '@atelier/reference-service/testing';
import { baseURL, dataDir } from '../../playwright.config';

/** The embedded reference service's origin and admin token (from the server's generated secrets), for its fault knobs. */
async function embeddedService() {
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { serviceAdminToken: string };
  return { url: baseURL, adminToken: secrets.serviceAdminToken };
}

/** Sets fault knobs on the embedded reference service (the ones given; the others stay). */
export const setKnobs = async (knobs: KnobSettings) => setServiceKnobs(await embeddedService(), knobs);

/** Sets every fault knob of the embedded reference service back to none. */
export const resetKnobs = async () => resetServiceKnobs(await embeddedService());
