import { execFileSync } from 'node:child_process';

/** Python's own zipfile reads the archive (stdin): it checks every CRC, then lists names and manifest.json, and the files asked for (base64). */
const UNZIP = `
import base64, io, json, sys, zipfile
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
assert z.testzip() is None
wanted = json.loads(sys.argv[1])
print(json.dumps({"names": z.namelist(), "manifest": json.loads(z.read("manifest.json")),
                  "files": {name: base64.b64encode(z.read(name)).decode() for name in wanted}}))
`;

/**
 * The names in a ZIP, in order, and its parsed `manifest.json`, as an independent reader sees them;
 * with `files`, those files' bytes too.
 */
export function readZip<Manifest>(bytes: Buffer, files: string[] = []): { names: string[]; manifest: Manifest; files: Record<string, Buffer> } {
  const read = JSON.parse(execFileSync('python3', ['-c', UNZIP, JSON.stringify(files)], { input: bytes, maxBuffer: 64 * 1024 * 1024 }).toString()) as {
    names: string[];
    manifest: Manifest;
    files: Record<string, string>;
  };
  return { ...read, files: Object.fromEntries(Object.entries(read.files).map(([name, base64]) => [name, Buffer.from(base64, 'base64')])) };
}
