/**
 * One timed sign-in in a fresh browser context, shared by bench/sign-in.ts (the console alone)
 * and bench/sign-in-peer.ts (the console beside eladmin-web): the login page is opened, the form
 * filled the way a person would, and the time from the click on "Log in" to the dashboard with
 * its menu rendered measured twice:
 *
 * - `ms`, as the benchmark sees it: from calling click() until Playwright's locators find the
 *   dashboard and the menu visible (or, watching 'frames', until the page has told it so).
 *   Playwright polls a locator 0, 20, 50, 100, 100 ms apart and then every 500 ms, so a page that
 *   renders after ~270 ms is seen some time up to 500 ms later.
 * - `framesMs`, as the page sees it: from the click event to the first animation frame in which
 *   the dashboard and the menu are visible (checked by the page itself on every frame).
 *
 * Beside them: the bytes the login page took, and every request made after the click and the
 * page's long tasks, with when each started and ended.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { ADMIN_PASSWORD, CAPTCHA_ANSWER } from '../e2e/support/test-server.ts';

export interface Round {
  /** click() called → Playwright's locators found the dashboard with its menu ('locators'), or the page told it had ('frames'), in ms. */
  ms: number;
  /** The click event → the first frame showing the dashboard with its menu, in ms (NaN if not seen). */
  framesMs: number;
  /** Milestones after the click, e.g. `sign-in sent 3 ms, menus arrived 90 ms, done 120 ms`. */
  steps: string;
  /** Bytes received for the login page up to the click (headers and bodies as sent, compressed). */
  loginBytes: number;
  /** How the login page's responses came: their count by Content-Encoding, e.g. `{ br: 78, none: 2 }`. */
  loginEncodings: Record<string, number>;
  /** Requests after the click, in the order they started, in ms from the click event. */
  requests: { method: string; path: string; status: number | undefined; start: number; end: number | undefined }[];
  /** The page's main thread busy after the click: tasks of 50 ms or more, in ms from the click event. */
  busy: { start: number; duration: number }[];
}

/**
 * Run in the page before the click: when the click arrives, the first frame in which `rendered`
 * (an expression) holds, and the long tasks after the click, in wall-clock ms.
 */
const pageMarks = (rendered: string) => `(() => {
  const marks = { click: 0, rendered: 0, busy: [] };
  let seen;
  marks.seen = new Promise((resolve) => { seen = resolve; });
  window.__bench = marks;
  const now = () => performance.timeOrigin + performance.now();
  const frame = () => {
    if (${rendered}) {
      marks.rendered = now();
      seen();
    } else requestAnimationFrame(frame);
  };
  document.addEventListener('click', () => {
    if (marks.click) return;
    marks.click = now();
    requestAnimationFrame(frame);
  }, true);
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) marks.busy.push([performance.timeOrigin + task.startTime, task.duration]);
  }).observe({ type: 'longtask' });
})()`;

/** What a client's login page and dashboard look like to a person. */
export interface Client {
  /** The form filled, its captcha shown, ready for the click. */
  fill(page: Page): Promise<void>;
  click(page: Page): Promise<void>;
  /** An expression true in the page once the dashboard and its menu are visible (checked each frame). */
  rendered: string;
  /** Resolves once the dashboard and its menu are rendered; `mark` notes milestones on the way. */
  dashboard(page: Page, mark: (name: string) => void): Promise<void>;
}

/** Page expressions: `element` is visible as Playwright means it (a box, no display: none, no visibility: hidden). */
export const visible = (element: string) =>
  `((element) => !!element && element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0 && element.getBoundingClientRect().width * element.getBoundingClientRect().height > 0)(${element})`;
/** The sidebar shows its System menu. */
export const SYSTEM_MENU = `[...document.querySelectorAll('[role=menuitem]')].some((item) => /System/.test(item.textContent) && ${visible('item')})`;
/** The smallest element whose text is `text` is visible. */
export const TEXT_VISIBLE = (text: string) =>
  `(() => { const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.nodeValue.includes(${JSON.stringify(text)}) && ${visible('node.parentElement')}) return true; return false; })()`;

/** Our console, as the journeys see it (e2e/support/sign-in.ts). */
export const OURS: Client = {
  async fill(page) {
    await page.goto('/login');
    await page.getByAltText('Captcha').waitFor();
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA_ANSWER);
  },
  click: (page) => page.getByRole('button', { name: 'Log in' }).click(),
  rendered: `${SYSTEM_MENU} && ${TEXT_VISIBLE('Welcome, admin')}`,
  async dashboard(page, mark) {
    await page.getByText('Welcome, admin').waitFor();
    mark('welcome shown');
    await page
      .getByRole('menuitem', { name: /System/ })
      .first()
      .waitFor();
  },
};

/** The bytes received for `request` (its response's headers and encoded body) and their encoding. */
async function received(request: Request): Promise<{ bytes: number; encoding: string } | undefined> {
  if (!request.url().startsWith('http')) return undefined;
  const sizes = await request.sizes().catch(() => undefined);
  const encoding = (await request.response())?.headers()['content-encoding'] ?? 'none';
  return sizes && { bytes: sizes.responseHeadersSize + sizes.responseBodySize, encoding };
}

/**
 * One sign-in of `client` at `baseURL`, in a context of its own. With `watch` 'locators' the
 * round ends when Playwright's locators find the dashboard and the menu (as the journeys would);
 * with 'frames' when the page's own check (`client.rendered`, each frame) has seen them, without
 * Playwright querying the page meanwhile.
 */
export async function signInRound(
  browser: Browser,
  baseURL: string,
  client: Client,
  watch: 'locators' | 'frames' = 'locators',
): Promise<Round> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const login: ReturnType<typeof received>[] = [];
    const onLoginFinished = (request: Request) => {
      login.push(received(request));
    };
    page.on('requestfinished', onLoginFinished);
    // What went wrong on the way, should the login page not become ready.
    const trouble: string[] = [];
    page.on('requestfailed', (request) => trouble.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) trouble.push(`${response.url()}: ${response.status()}`);
    });
    page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
    try {
      await client.fill(page);
    } catch (error) {
      throw new Error(`the login page at ${baseURL} was not ready: ${trouble.join('; ') || 'no failed request'}`, {
        cause: error,
      });
    }
    await page.waitForLoadState('networkidle');
    page.off('requestfinished', onLoginFinished);
    let loginBytes = 0;
    const loginEncodings: Record<string, number> = {};
    for (const response of await Promise.all(login)) {
      if (!response) continue;
      loginBytes += response.bytes;
      loginEncodings[response.encoding] = (loginEncodings[response.encoding] ?? 0) + 1;
    }

    const marks: Record<string, number> = {};
    const made = new Map<Request, number>();
    page.on('request', (request) => {
      made.set(request, performance.timeOrigin + performance.now());
      if (request.url().endsWith('/auth/login')) marks.signInSent ??= performance.now();
    });
    const statuses = new Map<Request, number>();
    page.on('response', (response) => {
      statuses.set(response.request(), response.status());
      if (response.url().endsWith('/api/menus/build')) marks.menusArrived ??= performance.now();
    });
    // The page notes when the click reaches it and when its main thread is busy (tasks of 50 ms or more).
    await page.evaluate(pageMarks(client.rendered));

    const clicked = performance.now();
    const clickedWall = performance.timeOrigin + clicked;
    const milestones: [string, number][] = [];
    await client.click(page);
    // Resolves once the page has seen the dashboard and its menu (at most `ms` later); evaluated
    // through the DevTools protocol, which the console's Content-Security-Policy (no eval) allows.
    const rendered = (ms: number) =>
      page.evaluate(
        `window.__bench ? Promise.race([window.__bench.seen, new Promise((resolve) => setTimeout(resolve, ${ms}))]) : 0`,
      );
    if (watch === 'locators') await client.dashboard(page, (name) => milestones.push([name, performance.now()]));
    else await rendered(30_000);
    const done = performance.now();
    // The page may see it a frame after Playwright did.
    if (watch === 'locators') await rendered(5_000);

    const after = (at: number | undefined) => (at === undefined ? '—' : `${Math.round(at - clicked)} ms`);
    // Undefined if the page was reloaded on the way.
    const seen = ((await page.evaluate(
      'window.__bench && { click: window.__bench.click, rendered: window.__bench.rendered, busy: window.__bench.busy }',
    )) as { click: number; rendered: number; busy: [number, number][] } | undefined) ?? {
      click: Number.NaN,
      rendered: Number.NaN,
      busy: [],
    };
    const steps = [
      `click event ${Math.round(seen.click - clickedWall)} ms`,
      `sign-in sent ${after(marks.signInSent)}`,
      `menus arrived ${after(marks.menusArrived)}`,
      ...milestones.map(([name, at]) => `${name} ${after(at)}`),
      `done ${after(done)}`,
    ].join(', ');
    // Their timings come with their ends: wait for those (at most 2 s) before reading them.
    const ends = [...made.keys()].map(async (request) => (await request.response())?.finished());
    await Promise.race([Promise.allSettled(ends), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    // As the browser timed them (request.timing()), in ms from the click event.
    const requests = [...made].map(([request, seenAt]) => {
      const url = new URL(request.url());
      const timing = request.timing();
      // Until its response has come, a request has no timing: then when Playwright heard of it.
      const start = (timing.startTime > 0 ? timing.startTime : seenAt) - seen.click;
      return {
        method: request.method(),
        path: url.protocol.startsWith('http') ? url.pathname + url.search : `${url.protocol}…`,
        status: statuses.get(request),
        start,
        end: timing.startTime > 0 && timing.responseEnd >= 0 ? start + timing.responseEnd : undefined,
      };
    });
    const busy = seen.busy.map(([at, duration]) => ({ start: at - seen.click, duration }));
    return {
      ms: done - clicked,
      framesMs: seen.rendered > 0 ? seen.rendered - seen.click : Number.NaN,
      steps,
      loginBytes,
      loginEncodings,
      requests,
      busy,
    };
  } finally {
    await context.close();
  }
}

/**
 * The requests of a round and its main thread's long tasks, one line each, in the order they
 * started: `  +3 → 41 ms  POST /auth/login 200`, `  +41 → 97 ms  (main thread busy 56 ms)`.
 */
export function describeRequests(round: Round): string {
  const at = (ms: number | undefined) => (ms === undefined ? '…' : String(Math.round(ms)));
  const lines: [number, string][] = [
    ...round.requests.map(({ method, path, status, start, end }): [number, string] => [
      start,
      `  +${at(start)} → ${at(end)} ms  ${method} ${path.length > 90 ? `${path.slice(0, 87)}…` : path} ${status ?? ''}`,
    ]),
    ...round.busy.map(({ start, duration }): [number, string] => [
      start,
      `  +${at(start)} → ${at(start + duration)} ms  (main thread busy ${at(duration)} ms)`,
    ]),
    [round.framesMs, `  +${at(round.framesMs)} ms  (the first frame showing the dashboard and its menu)`],
  ];
  return lines
    .sort(([a], [b]) => a - b)
    .map(([, line]) => line)
    .join('\n');
}
