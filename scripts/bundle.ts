// `npm run build`'s second half: Atelier's Node entry points bundled into dist/ (lib/build/node-bundle.ts).
import { ensureNodeBundle } from '../lib/build/node-bundle';

const started = performance.now();
const outcome = await ensureNodeBundle();
console.log(`[bundle] dist/ ${outcome === 'built' ? 'built' : 'is current'} in ${Math.round(performance.now() - started)} ms`);
