import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageAssets } from './machine-page.ts';

/** The consumer page's entry in its Vite manifest (apps/web/vite.consumer.config.ts). */
export const CONSUMER_ENTRY = 'consumer/main.ts';
export const CONSUMER_MANIFEST = '.vite/consumer-manifest.json';

/**
 * The page's script (a hashed file under /assets, cached for good) and its styles, inlined in
 * the HTML so the first paint waits for nothing: read once from the web build, none without it.
 */
export function readPageAssets(webDist: string | undefined): PageAssets {
  if (!webDist) return {};
  const manifestFile = path.join(webDist, CONSUMER_MANIFEST);
  if (!existsSync(manifestFile)) return {};
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const entry = manifest[CONSUMER_ENTRY];
  if (!entry) return {};
  const css = (entry.css ?? []).map((file) => readFileSync(path.join(webDist, file), 'utf8')).join('\n');
  return { script: `/${entry.file}`, ...(css && { css }) };
}
