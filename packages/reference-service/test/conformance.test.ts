import { describe, it } from 'vitest';
import { conformanceCases } from '../src/testing/conformance';
import { testService } from '../src/testing/vitest';

// The interface's conformance suite against the reference service itself: what Atelier's /api/v1
// is held to (test/security/conformance.spec.ts) holds here first.

const svc = testService();

describe('conformance to the service interface', () => {
  for (const c of conformanceCases) it(c.name, () => c.run({ base: `${svc.url}/v1`, key: svc.key }), c.timeoutMs);
});
