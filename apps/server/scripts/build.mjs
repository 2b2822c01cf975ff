// Bundles the server's own code (and the contract) into dist/server.mjs beside a copy of its
// migrations; packages from node_modules stay imports. Starting from the bundle skips compiling
// TypeScript at every start, which took a third of the start-up.
// `node scripts/build.mjs` builds; other scripts import `buildServer`.
import { cp, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(serverRoot, 'dist/server.mjs');

/** Replaces a file in one step, so that a process starting meanwhile reads the old or the new one whole. */
async function replace(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** Builds the bundle; safe to run from several processes at once (the last one to finish wins). */
export async function buildServer() {
  const dist = path.dirname(serverBundle);
  const result = await build({
    entryPoints: [path.join(serverRoot, 'src/server.ts')],
    outfile: serverBundle,
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
          // Our workspace packages are TypeScript sources: they are bundled; the rest is imported.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@water/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  await mkdir(dist, { recursive: true });
  // Migrations only ever gain files, so copying over an earlier copy is safe while a server reads it.
  await cp(path.join(serverRoot, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true, force: true });
  for (const file of result.outputFiles) await replace(file.path, file.contents);
  return serverBundle;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Built ${path.relative(process.cwd(), serverBundle)}`);
}
