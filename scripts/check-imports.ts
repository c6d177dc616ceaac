// The import structure `npm test` holds (part of scripts/check.sh):
//   - layers: app/ may import components/ and lib/, components/ may import lib/, lib/ neither;
//   - no circle between files, and none between the folders of lib/ or of components/ (a folder
//     cycle is what lets an arrow run back up a layer: videos -> library -> share -> videos).
// Each circle is printed with the imports that close it, file -> file, so it can be opened at once.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['app', 'components', 'lib'];
const SKIPPED = [/\.test\.tsx?$/, /^lib\/db\/generated\//, /\/testing\//];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(ROOT, file)).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !SKIPPED.some((pattern) => pattern.test(file)) ? [file] : [];
  });
}

/** The repository file an import names, or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? path.join(path.dirname(from), specifier) : null;
  if (base === null) return null;
  for (const candidate of ['', ...EXTENSIONS].map((ending) => base + ending)) {
    if (existsSync(path.join(ROOT, candidate)) && statSync(path.join(ROOT, candidate)).isFile()) return candidate;
  }
  return null;
}

/** `lib/library/trash.ts` -> `lib/library`; `lib/csv.ts` -> `lib/csv.ts`; every page of app/ is one room. */
function folderOf(file: string): string {
  const [top, second, ...rest] = file.split('/');
  if (top === 'app') return 'app';
  return rest.length > 0 ? `${top}/${second}` : file;
}

const LAYER: Record<string, number> = { app: 3, components: 2, lib: 1 };

type Edge = { from: string; to: string };

/** Strongly connected components of more than one node (Tarjan), each as its list of nodes. */
function circles(nodes: string[], next: (node: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const files = SOURCES.flatMap(sourceFiles);
const measured = new Set(files);
const edges: Edge[] = files.flatMap((from) =>
  ts
    .preProcessFile(readFileSync(path.join(ROOT, from), 'utf8'), true, true)
    .importedFiles.map((imported) => resolve(from, imported.fileName))
    .filter((to): to is string => to !== null && to !== from && measured.has(to))
    .map((to) => ({ from, to })),
);

const problems: string[] = [];

for (const edge of edges) {
  const [fromTop, toTop] = [edge.from.split('/')[0], edge.to.split('/')[0]];
  if (LAYER[toTop] > LAYER[fromTop]) problems.push(`layer: ${fromTop}/ must not import ${toTop}/: ${edge.from} -> ${edge.to}`);
}

const fileTargets = new Map<string, string[]>();
for (const { from, to } of edges) fileTargets.set(from, [...(fileTargets.get(from) ?? []), to]);
for (const circle of circles(files, (file) => fileTargets.get(file) ?? [])) problems.push(`file circle: ${circle.join(', ')}`);

const folderEdges = edges.filter((edge) => folderOf(edge.from) !== folderOf(edge.to) && edge.from.split('/')[0] === edge.to.split('/')[0]);
const folderTargets = new Map<string, Set<string>>();
for (const edge of folderEdges) folderTargets.set(folderOf(edge.from), (folderTargets.get(folderOf(edge.from)) ?? new Set()).add(folderOf(edge.to)));
for (const circle of circles([...new Set(files.map(folderOf))], (folder) => [...(folderTargets.get(folder) ?? [])])) {
  const inside = folderEdges.filter((edge) => circle.includes(folderOf(edge.from)) && circle.includes(folderOf(edge.to)));
  problems.push(`folder circle: ${circle.join(' <-> ')}\n${inside.map((edge) => `    ${edge.from} -> ${edge.to}`).join('\n')}`);
}

if (problems.length > 0) {
  console.error(`imports: ${problems.length} problem(s) in ${files.length} files\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
