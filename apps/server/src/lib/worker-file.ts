/**
 * A worker's script, from the sources as from the built bundle: the scripts in `lib/workers/`
 * are plain JavaScript (a worker thread cannot load TypeScript) and the build copies them to
 * `dist/workers/`, beside the bundle.
 */
export const workerFile = (name: string): URL => new URL(`./workers/${name}`, import.meta.url);
