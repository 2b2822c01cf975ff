// `npm run check:bundle -w apps/web`, after `npm run build -w apps/web`: sums the gzip size of
// the JS and CSS a browser must load for the sign-in route and for the console after sign-in,
// from the Vite manifest, and fails when either is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

interface Budget {
  name: string;
  /** Manifest keys (source paths, or `index.html`) whose code must be loaded, with their static imports. */
  entries: string[];
  limitKb: number;
}

const KB = 1024;

/** login.html draws the sign-in page, then loads the console's start as index.html does. */
const LOGIN_ENTRIES = ['login.html', 'index.html'];
/** Signing in lands on the dashboard: the console's providers, the layout, the page, the progress bar. */
const SHELL_ENTRIES = [
  ...LOGIN_ENTRIES,
  'src/app/console-root.tsx',
  'src/app/shell/basic-layout.tsx',
  'src/features/dashboard/pages/dashboard-page.tsx',
  'src/app/nprogress-setup.ts',
  // The console's texts of one language (loaded with the console; the larger of the two counts).
  'src/locales/console-zh-CN.ts',
];

/** The home page's chart library: its own chunk, fetched by the dashboard after the shell has shown. */
const CHART_ENTRIES = ['src/components/charts/echarts-bar.ts'];
/** The Reports page's chart of revenue and orders over time: bars with a line, its own chunk, fetched when it shows. */
const BAR_LINE_CHART_ENTRIES = ['src/components/charts/echarts-bar-line.ts'];

/** The business pages: each one's code beyond the shell (its own chunk and the antd parts it adds). */
const BUSINESS_PAGES = [
  'src/features/agents/pages/agents-page.tsx',
  'src/features/sites/pages/sites-page.tsx',
  'src/features/machines/pages/machines-page.tsx',
  'src/features/map/pages/map-page.tsx',
  'src/features/machines/pages/machine-models-page.tsx',
  'src/features/policies/pages/price-policies-page.tsx',
  'src/features/alarms/pages/alarms-page.tsx',
  'src/features/orders/pages/orders-page.tsx',
  'src/features/orders/pages/refunds-page.tsx',
  'src/features/members/pages/members-page.tsx',
  'src/features/coupons/pages/coupons-page.tsx',
  'src/features/withdrawals/pages/withdrawals-page.tsx',
  'src/features/cards/pages/water-cards-page.tsx',
  'src/features/firmware/pages/firmware-page.tsx',
  'src/features/work-orders/pages/work-orders-page.tsx',
  'src/features/work-orders/pages/my-work-orders-page.tsx',
  'src/features/notifications/pages/notifications-page.tsx',
  'src/features/map/pages/map-page.tsx',
  'src/features/reports/pages/reports-page.tsx',
];
// 241: the machines page, the largest, shares the files' download helper with the jobs drawer,
// now a chunk of its own (~0.1 KB more).
const BUSINESS_PAGE_LIMIT_KB = 241;

/** The consumer's page behind a machine's sticker: its own build (vite.consumer.config.ts), all its JS and CSS. */
const CONSUMER_MANIFEST = '.vite/consumer-manifest.json';
const CONSUMER_ENTRIES = ['consumer/main.ts'];
const CONSUMER_LIMIT_KB = 80;
const BUDGETS: Budget[] = [
  { name: 'login route', entries: LOGIN_ENTRIES, limitKb: 150 },
  // 405: the field work's seven pages add their loaders and menu names to the shell, and the
  // bundler's grouping of antd's shared parts changes with the pages that share them: antd's
  // panel helpers and its input internals moved into chunks of their own that the shell loads
  // whole (~4.5 KB in all, about half of it code only the pages use). 406: the jobs button's
  // place and its loader (the button, its count and its drawer load after the first frame) and
  // the Change records page's entry (~0.9 KB).
  { name: 'shell after login', entries: SHELL_ENTRIES, limitKb: 406 },
  { name: 'home chart (lazy, home page only)', entries: CHART_ENTRIES, limitKb: 200 },
  { name: 'reports chart over time (lazy, Reports page only)', entries: BAR_LINE_CHART_ENTRIES, limitKb: 200 },
];

/** Every output file (JS and CSS) the given entries need: each one, its CSS, and its static imports, transitively. */
export function filesNeeded(manifest: Manifest, entries: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the Vite manifest: update the entry list in check-bundle-size.ts`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);
  return [...files].filter((file) => /\.(js|css)$/.test(file));
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
}

function main(): void {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`${manifestFile} is missing: run "npm run build -w apps/web" first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  let failed = false;
  for (const budget of BUDGETS) {
    const files = filesNeeded(manifest, budget.entries);
    const sizes = files.map((file) => ({ file, size: gzipSize(path.join(dist, file)) }));
    const total = sizes.reduce((sum, entry) => sum + entry.size, 0);
    const over = total > budget.limitKb * KB;
    failed ||= over;
    console.log(
      `${over ? '✖' : '✔'} ${budget.name}: ${(total / KB).toFixed(1)} KB of ${budget.limitKb} KB (gzip, ${files.length} JS/CSS files)`,
    );
    for (const { file, size } of sizes.sort((a, b) => b.size - a.size).slice(0, over ? sizes.length : 6)) {
      console.log(`    ${(size / KB).toFixed(1).padStart(7)} KB  ${file}`);
    }
  }
  const consumerFile = path.join(dist, CONSUMER_MANIFEST);
  if (!existsSync(consumerFile)) {
    console.error(`${consumerFile} is missing: "npm run build -w apps/web" builds the consumer's page too.`);
    process.exit(2);
  }
  const consumerManifest = JSON.parse(readFileSync(consumerFile, 'utf8')) as Manifest;
  const consumerFiles = filesNeeded(consumerManifest, CONSUMER_ENTRIES);
  const consumerSize = consumerFiles.reduce((sum, file) => sum + gzipSize(path.join(dist, file)), 0);
  const consumerOver = consumerSize > CONSUMER_LIMIT_KB * KB;
  failed ||= consumerOver;
  console.log(
    `${consumerOver ? '✖' : '✔'} consumer's page (/m/:code): ${(consumerSize / KB).toFixed(1)} KB of ${CONSUMER_LIMIT_KB} KB (gzip, ${consumerFiles.length} JS/CSS files)`,
  );
  // Each business page, beyond what the shell has loaded already.
  const shell = new Set(filesNeeded(manifest, SHELL_ENTRIES));
  const pages = BUSINESS_PAGES.map((page) => {
    const files = filesNeeded(manifest, [page]).filter((file) => !shell.has(file));
    return { page, size: files.reduce((sum, file) => sum + gzipSize(path.join(dist, file)), 0) };
  }).sort((a, b) => b.size - a.size);
  const over = pages.filter((entry) => entry.size > BUSINESS_PAGE_LIMIT_KB * KB);
  failed ||= over.length > 0;
  const largest = pages[0];
  console.log(
    `${over.length > 0 ? '✖' : '✔'} business pages, each beyond the shell: at most ${((largest?.size ?? 0) / KB).toFixed(1)} KB of ${BUSINESS_PAGE_LIMIT_KB} KB (gzip, ${pages.length} pages)`,
  );
  for (const { page, size } of over.length > 0 ? over : pages.slice(0, 3)) {
    console.log(`    ${(size / KB).toFixed(1).padStart(7)} KB  ${page}`);
  }
  if (failed) {
    console.error('Bundle budget exceeded.');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
