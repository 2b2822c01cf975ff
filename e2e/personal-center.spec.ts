import { signInAs, uniqueSuffix } from './support/accounts.ts';
import { apiAs, apiSignIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { shot } from './support/sign-in.ts';
import { CAPTCHA_ANSWER } from './support/test-server.ts';

test('the personal center changes the profile, the avatar and the password end to end', async ({
  page,
  request,
  context,
  browser,
  seed,
}) => {
  test.setTimeout(120_000);
  // A user of their own, seeded through the API.
  const suffix = uniqueSuffix();
  const username = `center-${suffix}`;
  const password = 'Center-pass-1';
  await seed.user(username, password, [await seed.seededRole('User')]);
  // Another session of the same user, elsewhere: it must end when the password changes.
  const elsewhere = apiAs(request, await apiSignIn(request, username, password));

  await signInAs(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Personal center' }).click();
  await expect(page).toHaveURL(/\/user\/center$/);

  // Profile.
  await page.getByLabel('Nickname').fill(`Centre ${suffix}`);
  await page.getByLabel('Phone').fill('13712345678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Centre ${suffix}` })).toBeVisible();
  const info = (await (await elsewhere.get('auth/info')).json()) as { user: { nickName: string; phone: string } };
  expect(info.user).toMatchObject({ nickName: `Centre ${suffix}`, phone: '13712345678' });

  // Avatar: any picture, cropped to a square and stored at 256 px.
  const picture = await page.screenshot();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  const crop = page.getByRole('dialog', { name: 'Crop your avatar' });
  await expect(crop.getByRole('button', { name: 'Upload' })).toBeEnabled();
  await crop.screenshot({ path: shot('personal-center-avatar-crop-en') });
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/users/updateAvatar'));
  await crop.getByRole('button', { name: 'Upload' }).click();
  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  const { avatar } = (await answer.json()) as { avatar: string };
  await expect(page.getByText('Avatar changed')).toBeVisible();
  const shown = page.getByAltText('Your avatar');
  await expect(shown).toHaveAttribute('src', `/avatar/${avatar}`);
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

  // Password: this session stays, every other one ends; an open console elsewhere is told at once.
  const otherConsole = await (await browser.newContext()).newPage();
  await signInAs(otherConsole, username, password);
  await expect(otherConsole).toHaveURL(/\/dashboard$/);
  await page.getByRole('tab', { name: 'Password' }).click();
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('Center-pass-2');
  await page.getByLabel('Repeat the new password').fill('Center-pass-3');
  await page.getByLabel('Repeat the new password').press('Enter');
  await expect(page.getByText('The two passwords differ')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('Center-pass-2');
  await page.getByLabel('Repeat the new password').press('Enter');
  const done = page.getByRole('dialog', { name: 'Password changed' });
  await expect(done).toContainText('signed out');
  await done.screenshot({ path: shot('personal-center-password-en') });
  await done.getByRole('button', { name: 'OK' }).click();
  expect((await elsewhere.get('auth/info')).status()).toBe(401);
  const prompt = otherConsole.getByRole('dialog');
  await expect(prompt).toContainText('System prompt');
  await prompt.getByRole('button', { name: 'Log in again' }).click();
  await expect(otherConsole).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await otherConsole.context().close();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Centre ${suffix}` })).toBeVisible();

  // The new password signs in; the old one no longer does.
  await context.clearCookies();
  await signInAs(page, username, 'Center-pass-2');
  await expect(page).toHaveURL(/\/dashboard$/);
  const old = await request.post('auth/login', {
    data: {
      username,
      password,
      code: CAPTCHA_ANSWER,
      uuid: ((await (await request.get('auth/code')).json()) as { uuid: string }).uuid,
    },
  });
  expect(old.status()).toBe(400);

  // My operations lists what this user just did.
  await page.goto('/user/center');
  await page.getByRole('tab', { name: 'My operations' }).click();
  await expect(page.getByRole('region', { name: 'My recent operations' }).getByRole('row').nth(1)).toBeVisible();
});

test('the e-mail address changes with a code mailed to the new address', async ({ page, request, seed, mailbox }) => {
  const suffix = uniqueSuffix();
  const username = `mail-${suffix}`;
  const password = 'Mail-pass-1';
  await seed.user(username, password, [await seed.seededRole('User')], { email: `old-${suffix}@example.com` });

  await signInAs(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user/center');
  await page.getByRole('tab', { name: 'E-mail' }).click();
  const panel = page.getByRole('tabpanel', { name: 'E-mail' });
  await expect(panel).toContainText(`old-${suffix}@example.com`);

  // The address is checked before anything is sent.
  await panel.getByLabel('New e-mail address').fill('not-an-address');
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel.getByText('Must be an e-mail address such as name@example.com')).toBeVisible();
  expect(mailbox.received).toHaveLength(0);

  // A code that was never sent is refused on its field and changes nothing.
  const address = `new-${suffix}@example.com`;
  await panel.getByLabel('New e-mail address').fill(address);
  await panel.getByLabel('Verification code').fill('000000');
  await panel.getByLabel('Current password').fill(password);
  await panel.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(panel.getByText('The verification code is wrong or has expired; ask for a new one')).toBeVisible();
  await expect(panel).toContainText(`old-${suffix}@example.com`);

  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('A code was sent to the new address. It is valid for 5 minutes.')).toBeVisible();
  await expect(panel.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
  await expect.poll(() => mailbox.to(address).length).toBe(1);
  // The code is in the message's text, after its headers.
  const body = mailbox
    .to(address)[0]!
    .raw.split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  expect(code, 'the message carries a six-digit code').toBeDefined();

  await panel.getByLabel('Verification code').fill(code!);
  await panel.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText('E-mail address changed')).toBeVisible();
  await expect(panel).toContainText(address);
  const info = (await (await apiAs(request, await apiSignIn(request, username, password)).get('auth/info')).json()) as {
    user: { email: string };
  };
  expect(info.user.email).toBe(address);
});
