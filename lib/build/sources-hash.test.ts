import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sourcesHash } from './sources-hash';

it('changes with what a build is made from, and only with that', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'atelier-sources-'));
  mkdirSync(path.join(root, 'lib'));
  mkdirSync(path.join(root, 'test'));
  writeFileSync(path.join(root, 'lib', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  const first = sourcesHash(root, {});

  // File times, tests and the test folder do not count.
  utimesSync(path.join(root, 'lib', 'a.ts'), new Date(0), new Date(0));
  writeFileSync(path.join(root, 'lib', 'a.test.ts'), 'it.todo("x");\n');
  writeFileSync(path.join(root, 'test', 'b.ts'), 'export {};\n');
  expect(sourcesHash(root, { DATABASE_URL: 'postgres://elsewhere' })).toBe(first);

  // A source, the lockfile and a NEXT_PUBLIC_ variable do.
  expect(sourcesHash(root, { NEXT_PUBLIC_BRAND: 'Atelier' })).not.toBe(first);
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  const locked = sourcesHash(root, {});
  expect(locked).not.toBe(first);
  writeFileSync(path.join(root, 'lib', 'a.ts'), 'export const a = 2;\n');
  expect(sourcesHash(root, {})).not.toBe(locked);
});
