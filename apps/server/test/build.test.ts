import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, copyFolder } from '../scripts/build.mjs';

const serverRoot = path.resolve(import.meta.dirname, '..');
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** Every file under a folder, by its path inside it. */
async function filesUnder(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const full = path.join(name.parentPath, name.name);
    files.set(path.relative(folder, full), await readFile(full, 'utf8'));
  }
  return files;
}

describe('server build', () => {
  // The test runs start at the same time on a fresh checkout, and each builds the server first.
  it('builds into a fresh folder several times at once, every copy whole and no temporary file left', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'water-console-build-'));
    folders.push(dist);
    const bundles = await Promise.all(Array.from({ length: 3 }, () => buildServer(dist)));
    expect(bundles).toEqual(Array(3).fill(path.join(dist, 'server.mjs')));

    const built = await filesUnder(dist);
    expect([...built.keys()].filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // Every chunk the entry imports is there.
    const chunks = [...(built.get('server.mjs') ?? '').matchAll(/from "\.\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(built.has(chunk), chunk).toBe(true);
    const copied: [from: string, to: string][] = [
      ['src/db/migrations', 'migrations'],
      ['src/lib/workers', 'workers'],
    ];
    for (const [from, to] of copied) {
      const sources = await filesUnder(path.join(serverRoot, from));
      expect(sources.size).toBeGreaterThan(0);
      for (const [name, contents] of sources) expect(built.get(path.join(to, name)), name).toBe(contents);
    }
  });

  it('copies a folder of folders several times at once, into a fresh folder and over a copy', async () => {
    const to = path.join(await mkdtemp(path.join(os.tmpdir(), 'water-console-copy-')), 'migrations');
    folders.push(path.dirname(to));
    const from = path.join(serverRoot, 'src/db/migrations');
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(Array.from({ length: 4 }, () => copyFolder(from, to)));
      expect(await filesUnder(to)).toEqual(await filesUnder(from));
    }
  });
});
