// No import cycles (docs/ARCHITECTURE.md, Rules): among the shipped sources, every relative import,
// type-only ones included, points down a graph with no circle, so each folder can be read from its
// leaves up. Imports are read by TypeScript's own pre-processor (static and re-exports; a dynamic
// `import()` is a deliberate late load and is not an edge here). The checker's stages import only
// the stages below them on its path (docs/ARCHITECTURE.md: run and traffic → judge → checks → act
// and model → exchange).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['mock', 'conformance', 'proxy', 'toolkits', 'bin', 'spec', 'fixtures'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The files each file imports statically (relative specifiers resolved to the .ts source). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const dynamic = new Set([...text.matchAll(/import\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]));
      const deps = ts
        .preProcessFile(text, true, false)
        .importedFiles.map((f) => f.fileName)
        .filter((spec) => spec.startsWith('.') && !dynamic.has(spec))
        .map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'))
        .map((path) => (known.has(path) ? path : join(path.replace(/\.ts$/, ''), 'index.ts')))
        .filter((path) => known.has(path));
      return [file, deps];
    }),
  );
}

/** Strongly connected components of two or more files (Tarjan): each is a cycle. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the detector can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cyclesOf(graph).map((c) => c.sort())).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cyclesOf(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('none among the shipped sources', () => {
    const files = FOLDERS.map((f) => join(ROOT, f)).filter(existsSync).flatMap(sources);
    const graph = importGraph(files);
    expect(files.length).toBeGreaterThan(250);
    // the graph is read, not empty: the checker's entry reaches its judge
    expect(graph.get(join(ROOT, 'conformance/run/run-conformance.ts'))).toContain(join(ROOT, 'conformance/judge/judge.ts'));
    const cycles = cyclesOf(graph).map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});

/** conformance/'s stages by rank, top first (run/ holds the CLI, which reads recordings through traffic/): a stage imports only stages ranked after it (report/ and the top-level files are outside). */
const STAGE_RANK: Readonly<Record<string, number>> = { run: 0, traffic: 1, judge: 2, checks: 3, act: 4, model: 4, exchange: 5 };

describe('the checker\'s stages', () => {
  it('import only the stages below them', () => {
    const dir = join(ROOT, 'conformance');
    const files = sources(dir);
    const stageOf = (file: string): string => relative(dir, file).split('/')[0] as string;
    const upward: string[] = [];
    for (const [file, deps] of importGraph(files)) {
      const from = STAGE_RANK[stageOf(file)];
      if (from === undefined) continue;
      for (const dep of deps) {
        const to = STAGE_RANK[stageOf(dep)];
        if (to !== undefined && stageOf(dep) !== stageOf(file) && to <= from) upward.push(`${relative(ROOT, file)} → ${relative(ROOT, dep)}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(upward).toEqual([]);
  });
});
