import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Who may touch what, read from the source: each module owns the tables it declares in its
 * `<module>.schema.ts` and writes only those; another module reads them only through what the
 * owner publishes (`<module>.read-model.ts`, or the owner's service) and never imports its
 * repository or its schema; `lib/` and `plugins/` are infrastructure and import no module; the
 * shared kernel (`domain/`: who a user is and may see, sessions, money) reads modules only
 * through what they publish.
 * Tests and the migrations' aggregate (`db/schema.ts`) are outside the rule.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const modulesDir = path.join(src, 'modules');

interface SourceFile {
  /** Relative to `src`, with forward slashes. */
  file: string;
  /** The module it belongs to, or the folder (`lib`, `plugins`, `db`, `simulator`). */
  owner: string;
  text: string;
}

function sources(dir: string): SourceFile[] {
  const found: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || /\.test\.ts$|test-fixtures\.ts$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const file = path.relative(src, full).split(path.sep).join('/');
    const parts = file.split('/');
    const owner = parts[0] === 'modules' ? (parts[1] as string) : (parts[0] as string);
    found.push({ file, owner, text: readFileSync(full, 'utf8') });
  }
  return found;
}

/** Every import of a file: the names it takes and the file it takes them from (relative to `src`). */
function importsOf(source: SourceFile): { names: string[]; target: string }[] {
  const found: { names: string[]; target: string }[] = [];
  const pattern = /import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\w+)\s+from\s+'(\.[^']+)'/g;
  for (const match of source.text.matchAll(pattern)) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(source.file), match[2] as string));
    const names = (match[1] ?? '*')
      .split(',')
      .map(
        (name) =>
          name
            .replace(/^\s*type\s+/, '')
            .split(' as ')[0]
            ?.trim() ?? '',
      )
      .filter(Boolean);
    found.push({ names, target: resolved });
  }
  return found;
}

const moduleOf = (target: string) => (target.startsWith('modules/') ? target.split('/')[1] : undefined);
const all = sources(src);
const modules = readdirSync(modulesDir);

/** The tables each module declares. */
const tablesOf = new Map(
  modules.map((name) => {
    const schema = all.find((source) => source.file === `modules/${name}/${name}.schema.ts`);
    const tables = [...(schema?.text.matchAll(/export const (\w+) = pgTable\(/g) ?? [])].map((match) => match[1]);
    return [name, new Set(tables)];
  }),
);

describe('module ownership', () => {
  it('finds the modules and their tables', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(tablesOf.get('orders')).toEqual(new Set(['orders', 'orderKeys', 'refunds']));
    expect(tablesOf.get('machines')?.has('machines')).toBe(true);
  });

  it('lets no module import another module’s repository or schema, nor the aggregate of every table', () => {
    const reaches: string[] = [];
    for (const source of all.filter((file) => file.file.startsWith('modules/'))) {
      const schemaFile = source.file.endsWith('.schema.ts');
      for (const { target } of importsOf(source)) {
        const other = moduleOf(target);
        if (target === 'db/schema.ts') reaches.push(`${source.file} → ${target}`);
        if (!other || other === source.owner) continue;
        // A table's schema may name another module's table its rows refer to (a foreign key).
        if (target.endsWith('.repository.ts') || (target.endsWith('.schema.ts') && !schemaFile)) {
          reaches.push(`${source.file} → ${target}`);
        }
      }
    }
    expect(reaches).toEqual([]);
  });

  it('lets a module write only the tables it declares', () => {
    const writes: string[] = [];
    for (const source of all.filter((file) => file.file.startsWith('modules/'))) {
      const own = tablesOf.get(source.owner) ?? new Set();
      // Tables held under another name in the file (`operationLogs as logs`).
      const aliases = new Map(
        [...source.text.matchAll(/\b(\w+) as (\w+)\b/g)].map((match) => [match[2] as string, match[1] as string]),
      );
      for (const match of source.text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
        const table = aliases.get(match[2] as string) ?? (match[2] as string);
        const declared = [...tablesOf.values()].some((tables) => tables.has(table));
        if (declared && !own.has(table)) writes.push(`${source.file}: ${match[1]} ${table}`);
      }
    }
    expect(writes).toEqual([]);
  });

  it('leaves opening a unit of work to services: no repository opens a transaction', () => {
    const opened = all
      .filter((source) => source.file.endsWith('.repository.ts'))
      .filter((source) => /\.transaction\(/.test(source.text))
      .map((source) => source.file);
    expect(opened).toEqual([]);
  });

  it('pages every list through the one paging helper (lib/list-query.ts)', () => {
    const copies = all
      .filter((source) => source.file.endsWith('.repository.ts'))
      .filter((source) => /paging\.limit === undefined/.test(source.text))
      .map((source) => source.file);
    expect(copies).toEqual([]);
  });

  it('publishes for reading only tables the module declares', () => {
    for (const source of all.filter((file) => file.file.endsWith('.read-model.ts'))) {
      const exported = [...source.text.matchAll(/export \{([^}]*)\} from '\.\/([a-z-]+)\.schema\.ts'/g)];
      expect(exported, source.file).not.toEqual([]);
      for (const match of exported) {
        expect(match[2], source.file).toBe(source.owner);
        for (const name of (match[1] as string).split(',').map((part) => part.trim())) {
          expect(tablesOf.get(source.owner)?.has(name), `${source.file}: ${name}`).toBe(true);
        }
      }
    }
  });

  it('keeps lib/ and plugins/ infrastructure: they import no module and no business table', () => {
    const reaches = all
      .filter((source) => source.owner === 'lib' || source.owner === 'plugins')
      .flatMap((source) =>
        importsOf(source)
          .filter(({ target }) => target.startsWith('modules/') || target === 'db/schema.ts')
          .map(({ target }) => `${source.file} → ${target}`),
      );
    expect(reaches).toEqual([]);
  });

  it('lets the shared kernel (domain/) read modules only through what they publish', () => {
    const reaches = all
      .filter((source) => source.owner === 'domain')
      .flatMap((source) =>
        importsOf(source)
          .filter(
            ({ target }) =>
              target === 'db/schema.ts' || (target.startsWith('modules/') && !target.endsWith('.read-model.ts')),
          )
          .map(({ target }) => `${source.file} → ${target}`),
      );
    expect(reaches).toEqual([]);
  });

  it('keeps every product source file at 400 lines or fewer (split by responsibility past that)', () => {
    const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'].map((root) =>
      path.resolve(src, '../../..', root),
    );
    const long: string[] = [];
    for (const root of roots) {
      for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        const full = path.join(entry.parentPath, entry.name);
        const lines = readFileSync(full, 'utf8').split('\n').length;
        if (lines > 400) long.push(`${path.relative(path.resolve(src, '../../..'), full)}: ${lines}`);
      }
    }
    expect(long).toEqual([]);
  });
});
