// Bundles the server's own code (and the contract) into dist/server.mjs and the chunks it imports
// when first needed, beside a copy of its migrations; most packages from node_modules stay
// imports. Starting from the bundle skips compiling TypeScript at every start, which took a third
// of the start-up.
// `node scripts/build.mjs` builds; other scripts import `buildServer`.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(serverRoot, 'dist/server.mjs');

/**
 * How the bundle is run, wherever it runs (npm start, the tests, the benchmarks): Node's flags
 * before it, and settings added to its environment. V8's young generation is held to 2 MB a
 * half-space: by default it grows to 16 MB in each of the server's JavaScript heaps (its own and
 * its workers') under load and stays there. Each old generation may grow by half of what it held
 * after its last full collection before the next: left to itself, V8 lets a heap that collects
 * cheaply grow up to four times (the event loop's, ~35 MB live under load, reached 140 MB).
 * glibc keeps two malloc arenas rather than one per busy thread, each holding on to what it
 * freed, and maps blocks of 128 KiB and more on their own, to be unmapped when freed: by default
 * it raises that threshold to the largest such block freed so far (a compression's state, a
 * password check's 19 MiB), after which they are carved out of the arenas and stay there.
 * Together they keep the server near 170 MB idle and 250 MB under load, and bring it back
 * to idle after (docs/performance.md).
 */
export const serverNodeFlags = ['--max-semi-space-size=2', '--heap-growing-percent=50'];
export const serverEnvironment = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Packages bundled into the server: ours, and pure ES modules of many files (typebox alone took
 * a sixth of the start to load file by file). Packages that read their own files at run time
 * (PGlite's WebAssembly, the API reference's assets) or are CommonJS stay imports.
 */
const BUNDLED = ['@water', 'typebox', 'drizzle-orm', 'jose'];

let temporaries = 0;

/** Replaces a file in one step, so that a process starting meanwhile reads the old or the new one whole. */
async function replace(file, contents) {
  temporaries += 1;
  const temporary = `${file}.${process.pid}-${temporaries}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/**
 * Copies a folder's files into another, each replaced in one step. Several builds run at once (the
 * test runs start in parallel, each building first), and a server may be reading the copy
 * meanwhile: folders are made if missing whoever makes them first, and no file is ever seen
 * half-written.
 */
export async function copyFolder(from, to) {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyFolder(source, target);
    else await replace(target, await readFile(source));
  }
}

/**
 * Builds the bundle (into dist/, or the given folder); safe to run several times at once, from
 * one process or several (the last one to finish wins). Returns the bundle's path.
 */
export async function buildServer(dist = path.dirname(serverBundle)) {
  const bundle = path.join(dist, path.basename(serverBundle));
  const result = await build({
    entryPoints: [path.join(serverRoot, 'src/server.ts')],
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    // What is imported only when first needed (the PostgreSQL driver) is a chunk of its own.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-imports',
        setup(builder) {
          // The embedded database runs on its own thread: drizzle's driver gets the few constants
          // it reads from PGlite without PGlite's code being loaded on the main thread as well.
          builder.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
            args.importer.includes(`${path.sep}drizzle-orm${path.sep}`)
              ? { path: path.join(serverRoot, 'src/db/pglite-stand-in.ts') }
              : undefined,
          );
          // Our workspace packages are TypeScript sources, and the ES-module packages made of many
          // small files load far faster as part of one file: they are bundled; the rest is imported.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            BUNDLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  await mkdir(dist, { recursive: true });
  await copyFolder(path.join(serverRoot, 'src/db/migrations'), path.join(dist, 'migrations'));
  // Worker threads' scripts, plain JavaScript, found beside the bundle (lib/worker-file.ts).
  await copyFolder(path.join(serverRoot, 'src/lib/workers'), path.join(dist, 'workers'));
  // Chunks first (their names change with their contents), the entry that imports them last.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === bundle) - Number(b.path === bundle));
  for (const file of files) await replace(file.path, file.contents);
  // Chunks of earlier builds go: nothing imports them any more.
  const written = new Set(files.map((file) => path.basename(file.path)));
  for (const name of await readdir(dist)) {
    if (/-[A-Z0-9]{8}\.mjs(\.map)?$/.test(name) && !written.has(name)) await rm(path.join(dist, name), { force: true });
  }
  return bundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${path.relative(process.cwd(), serverBundle)}`);
}
