import type { CaptchaResponse } from '@water/contract/auth';

/**
 * The entry of login.html, whose HTML already draws the sign-in page (an inert frame): the page is
 * on screen as soon as that file and its styles are, and only once it has been painted does the
 * console's code start loading (with the first captcha), so that those bytes never hold that first
 * paint back. The live page then replaces the frame.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The first captcha, asked for alongside the code rather than once the form has rendered. */
const askCaptcha = (): Promise<CaptchaResponse | undefined> =>
  fetch('/auth/code', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<Partial<CaptchaResponse>>) : undefined))
    .then((body) =>
      typeof body?.img === 'string' && typeof body.uuid === 'string' ? { img: body.img, uuid: body.uuid } : undefined,
    )
    // The form asks again, and reports a failure as it does for every request.
    .catch(() => undefined);

const start = async () => {
  const captcha = askCaptcha();
  const { startApp } = await import('./app/start.tsx');
  // Evaluating the code and starting the app are two tasks, not one long one.
  await nextTask();
  startApp({ overFrame: true, captcha });
};

/** Calls `then` once the frame is on screen (its First Contentful Paint), or as soon as possible. */
function afterFirstPaint(then: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    then();
  };
  if (document.visibilityState === 'hidden') {
    // A tab opened in the background paints nothing until it is shown.
    once();
  } else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
    // Should the paint never be reported, the page still comes alive.
    setTimeout(once, 3_000);
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
}

afterFirstPaint(() => void start());
