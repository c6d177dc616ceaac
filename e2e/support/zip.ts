import { execFileSync } from 'node:child_process';

/** Python's own zipfile reads the archive (stdin): it checks every CRC, then lists names and manifest.json. */
const UNZIP = `
import io, json, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
assert z.testzip() is None
print(json.dumps({"names": z.namelist(), "manifest": json.loads(z.read("manifest.json"))}))
`;

/** The names in a ZIP, in order, and its parsed `manifest.json`, as an independent reader sees them. */
export function readZip<Manifest>(bytes: Buffer): { names: string[]; manifest: Manifest } {
  return JSON.parse(execFileSync('python3', ['-c', UNZIP], { input: bytes }).toString());
}
