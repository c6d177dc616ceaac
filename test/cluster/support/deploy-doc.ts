import { readFileSync } from 'node:fs';
import path from 'node:path';

// The processes of docs/deploy.md, read from its ```sh deploy:<name> blocks, so the cluster test
// starts each process with the command and exactly the variables the page tells operators to use.

const DOC = path.resolve(import.meta.dirname, '../../../docs/deploy.md');

export interface DeployBlock {
  variables: string[];
  command: string;
}

export function deployBlock(name: 'web' | 'worker' | 'service'): DeployBlock {
  const block = new RegExp(`\`\`\`sh deploy:${name}\\n([\\s\\S]*?)\`\`\``).exec(readFileSync(DOC, 'utf8'));
  if (!block) throw new Error(`docs/deploy.md has no deploy:${name} block`);
  const lines = block[1].trim().split('\n');
  return { variables: lines.slice(0, -1).map((line) => line.slice(0, line.indexOf('='))), command: lines.at(-1)! };
}

/**
 * The environment for a block: a value for each of its variables and for nothing else, but for those
 * the process starter sets itself (`setBySpawner`, which must be among them).
 */
export function envFor(block: DeployBlock, values: Record<string, string>, setBySpawner: string[] = []): Record<string, string> {
  const strange = setBySpawner.filter((name) => !block.variables.includes(name));
  if (strange.length > 0) throw new Error(`docs/deploy.md's ${block.command} block does not name ${strange.join(', ')}`);
  const names = block.variables.filter((name) => !setBySpawner.includes(name));
  const missing = names.filter((name) => !(name in values));
  if (missing.length > 0) throw new Error(`the cluster test gives no value for ${missing.join(', ')} (docs/deploy.md)`);
  return Object.fromEntries(names.map((name) => [name, values[name]]));
}
