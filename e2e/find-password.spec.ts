import { signInAs, uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { shot } from './support/sign-in.ts';

/** The six-digit code in a mail's text, after its headers. */
function codeIn(raw: string): string | undefined {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return /\b(\d{6})\b/.exec(body)?.[1];
}

test('a forgotten password is replaced through a code mailed to the account, then the new one signs in', {
  tag: '@phone',
}, async ({ page, seed, mailbox }) => {
  test.setTimeout(60_000);
  const suffix = uniqueSuffix();
  const username = `forgot-${suffix}`;
  const address = `forgot-${suffix}@example.com`;
  await seed.user(username, 'Forgotten-pass-1', [await seed.seededRole('User')], { email: address });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/findPassword$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

  // An unknown account is answered exactly like a known one, and nothing is mailed.
  await page.getByLabel('Username or e-mail').fill(`nobody-${suffix}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  const sentTo = (account: string) =>
    `If an account matches “${account}” and has an e-mail address, a code is on its way there. It works once, for 10 minutes.`;
  await expect(page.getByText(sentTo(`nobody-${suffix}`))).toBeVisible();
  await page.getByRole('button', { name: 'Use another account' }).click();

  // The account by its username: the code goes to its address.
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Username or e-mail').press('Enter');
  await expect(page.getByText(sentTo(username))).toBeVisible();
  await expect(page.getByRole('button', { name: /New code in \d+ s/ })).toBeDisabled();
  await expect.poll(() => mailbox.to(address).length).toBe(1);
  expect(mailbox.received.every((mail) => mail.to.includes(address))).toBe(true);
  const code = codeIn(mailbox.to(address)[0]!.raw);
  expect(code, 'the message carries a six-digit code').toBeDefined();

  // The password rules are explained under their fields before anything is sent.
  await page.getByLabel('Code from the e-mail').fill(code!);
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abd');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Use 6 to 128 characters')).toBeVisible();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Recovered-pass-2');
  await page.getByLabel('Confirm new password').fill('Recovered-pass-2');
  await page.screenshot({ path: shot('find-password-code-en-desktop') });
  await page.getByRole('button', { name: 'Set new password' }).click();

  // Back on the login page with a success message; the new password signs in, the old one no more.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Log in with the new one.');
  await page.screenshot({ path: shot('find-password-done-en-desktop') });
  await signInAs(page, username, 'Forgotten-pass-1');
  await expect(page.getByRole('alert')).toContainText('Wrong username or password');
  await signInAs(page, username, 'Recovered-pass-2');
  await expect(page).toHaveURL(/\/dashboard$/);
});
