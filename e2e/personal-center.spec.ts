import { expect, test } from '@playwright/test';
import { apiAs, apiSignIn, signInAs, uniqueSuffix } from './support/accounts.ts';
import { apiToken } from './support/shell.ts';
import { SCREENSHOTS } from './support/sign-in.ts';
import { CAPTCHA_ANSWER } from './support/test-server.ts';

test('the personal center changes the profile, the avatar and the password end to end', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  // A user of their own, seeded through the API.
  const admin = apiAs(request, await apiToken(request));
  const depts = (await (await admin.get('api/dept')).json()) as { content: { id: number; name: string }[] };
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const suffix = uniqueSuffix();
  const username = `center-${suffix}`;
  const password = 'Center-pass-1';
  const created = await admin.post('api/users', {
    username,
    nickName: 'Center user',
    dept: { id: depts.content[0]!.id },
    roles: [{ id: roles.find((role) => role.name === 'User')!.id }],
    password,
  });
  expect(created.status(), await created.text()).toBe(201);
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
  await crop.screenshot({ path: `${SCREENSHOTS}/personal-center-avatar-crop-en.png` });
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/users/updateAvatar'));
  await crop.getByRole('button', { name: 'Upload' }).click();
  const answer = await uploaded;
  expect(answer.status()).toBe(200);
  const { avatar } = (await answer.json()) as { avatar: string };
  await expect(page.getByText('Avatar changed')).toBeVisible();
  const shown = page.getByAltText('Your avatar');
  await expect(shown).toHaveAttribute('src', `/avatar/${avatar}`);
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

  // Password: this session stays, every other one ends.
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
  await done.screenshot({ path: `${SCREENSHOTS}/personal-center-password-en.png` });
  await done.getByRole('button', { name: 'OK' }).click();
  expect((await elsewhere.get('auth/info')).status()).toBe(401);
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
