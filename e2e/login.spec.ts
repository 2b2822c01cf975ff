import { TOKEN_COOKIE_KEY, USERNAME_COOKIE_KEY } from '@water/contract/constants';
import { expect, test } from './support/fixtures.ts';
import { logOut, sidewaysOverflow } from './support/shell.ts';
import { fillSignIn, shot, signIn } from './support/sign-in.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, CAPTCHA_ANSWER } from './support/test-server.ts';

const APP_TITLE = 'Equipment Agent Distribution Management System';

test.describe('signing in (English)', () => {
  test('a visitor is sent to sign in, lands on the dashboard, stays signed in and signs out', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    await expect(page).toHaveTitle(`Login - ${APP_TITLE}`);
    await expect(page.getByRole('heading', { name: 'Automatic Water Vending Back-office' })).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused();
    await expect(page.getByAltText('Captcha')).toBeVisible();
    await page.screenshot({ path: shot('login-en-desktop') });

    await fillSignIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome, ${ADMIN_USERNAME}`)).toBeVisible();
    await expect(page).toHaveTitle(`Home - ${APP_TITLE}`);
    await page.screenshot({ path: shot('dashboard-en-desktop') });

    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === TOKEN_COOKIE_KEY);
    expect(token?.value).toMatch(/^Bearer(%20| )/);
    expect(token?.expires, 'without "remember me" the token is a session cookie').toBe(-1);
    expect(cookies.some((cookie) => cookie.name === USERNAME_COOKIE_KEY)).toBe(false);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(`${stored}${JSON.stringify(cookies)}`).not.toContain(ADMIN_PASSWORD);

    await page.reload();
    await expect(page.getByText(`Welcome, ${ADMIN_USERNAME}`)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logOut(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to log out of the system?');
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/auth/logout'));
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).some((cookie) => cookie.name === TOKEN_COOKIE_KEY)).toBe(false);
    await expect(page.getByRole('dialog'), 'signing out on purpose is not reported as an ended session').toHaveCount(0);
    const revoked = await page.request.get('auth/info', {
      headers: { Authorization: decodeURIComponent(token?.value ?? '') },
    });
    expect(revoked.status(), 'the signed-out token is refused by the server').toBe(401);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('the console’s code loads while the visitor types: "Log in" sends the sign-in at once', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByAltText('Captcha')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const events: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') events.push(`script ${new URL(request.url()).pathname}`);
      else if (request.url().endsWith('/auth/login')) events.push('sign-in');
    });
    await page.getByLabel('Username', { exact: true }).fill(ADMIN_USERNAME);
    await expect.poll(() => events.length, 'typing starts loading the console').toBeGreaterThan(0);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    // Loaded once nothing more is asked for during a second.
    let seen = -1;
    await expect
      .poll(
        async () => {
          const now = events.length;
          const settled = now === seen;
          seen = now;
          if (!settled) await page.waitForTimeout(1000);
          return settled;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const typed = events.length;
    const code = page.getByLabel('Captcha', { exact: true });
    await code.fill(CAPTCHA_ANSWER);
    await code.press('Enter');
    await expect(page.getByText(`Welcome, ${ADMIN_USERNAME}`)).toBeVisible();
    expect(events.slice(typed)[0], 'nothing is fetched before the sign-in').toBe('sign-in');
  });

  test('signing in returns to the requested page with its query', async ({ page }) => {
    await page.goto('/dashboard?from=bookmark');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ffrom%3Dbookmark$/);
    await fillSignIn(page);
    await expect(page).toHaveURL(/\/dashboard\?from=bookmark$/);
    await expect(page.getByText(`Welcome, ${ADMIN_USERNAME}`)).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });

  test('a wrong password shows the reason, keeps the username and brings a new captcha', async ({ page }) => {
    await page.goto('/login');
    const captcha = page.getByAltText('Captcha');
    await expect(captcha).toBeVisible();
    const firstQuestion = await captcha.getAttribute('src');

    const newCaptcha = page.waitForResponse((response) => response.url().endsWith('/auth/code'));
    await fillSignIn(page, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password');
    await newCaptcha;
    await expect(captcha).not.toHaveAttribute('src', firstQuestion ?? '');
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ADMIN_USERNAME);
    await expect(page.getByLabel('Captcha', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are named before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your username')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByText('Please enter the captcha answer')).toBeVisible();
  });

  test('"remember me" keeps the token and the username for a day, never the password', async ({ page, context }) => {
    await signIn(page, { remember: true });
    const cookies = await context.cookies();
    const dayFromNow = Date.now() / 1000 + 24 * 60 * 60;
    for (const name of [TOKEN_COOKIE_KEY, USERNAME_COOKIE_KEY]) {
      const cookie = cookies.find((candidate) => candidate.name === name);
      expect(cookie?.expires, name).toBeGreaterThan(dayFromNow - 120);
      expect(cookie?.expires, name).toBeLessThan(dayFromNow + 120);
    }
    expect(JSON.stringify(cookies)).not.toContain(ADMIN_PASSWORD);

    await context.clearCookies({ name: TOKEN_COOKIE_KEY });
    await page.goto('/login');
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(ADMIN_USERNAME);
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  });

  test('the language can be switched on the sign-in page and is remembered', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: '中文', exact: true }).click();
    await expect(page.getByLabel('用户名', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('登录 - 设备代理分销管理系统');
    await page.reload();
    await expect(page.getByRole('heading', { name: '自动售水后台管理' })).toBeVisible();
  });
});

test.describe('when things go wrong', () => {
  test('a refused token is dropped and the visitor is asked to sign in', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: TOKEN_COOKIE_KEY, value: 'Bearer not-a-real-token', url: baseURL }]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === TOKEN_COOKIE_KEY)).toBe(false);
  });

  test('an unreachable server is reported once, and the captcha can be retried', async ({ page }) => {
    await page.route('**/auth/code', (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await expect(page.getByText('interface request failed')).toHaveCount(1);
    const retry = page.getByRole('button', { name: 'Captcha unavailable, click to retry' });
    await expect(retry).toBeVisible();

    await page.unroute('**/auth/code');
    await retry.click();
    await expect(page.getByAltText('Captcha')).toBeVisible();
  });
});

test.describe('signing in (Chinese browser)', () => {
  test.use({ locale: 'zh-CN' });

  test('the sign-in page speaks Chinese', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 设备代理分销管理系统');
    await expect(page.getByRole('heading', { name: '自动售水后台管理' })).toBeVisible();
    for (const label of ['用户名', '密码', '验证码']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: '记住我' })).toBeVisible();
    await expect(page.getByAltText('验证码')).toBeVisible();
    await page.screenshot({ path: shot('login-zh-desktop') });
  });
});

test.describe('signing in on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sign-in page fits the screen', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByAltText('Captcha')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeInViewport();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('login-en-mobile'), fullPage: true });
  });

  test('the dashboard top bar fits the screen', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('dashboard-en-mobile') });
  });
});
