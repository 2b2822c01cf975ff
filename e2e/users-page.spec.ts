import { DEFAULT_USER_PASSWORD, uniqueSuffix } from './support/accounts.ts';
import { apiSignIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { openConsole } from './support/sign-in.ts';
import { confirmDelete, idOf, notice, pickOption, recordWrites, removeNamed } from './support/system-pages.ts';

// Signing in is not the point here: every journey opens the console with the worker's session.
test.use({ signedIn: true });

test('users: filter by department and status, edit, disable and enable, reset the password, delete', async ({
  page,
  request,
  admin: api,
}) => {
  const suffix = uniqueSuffix();
  const clerk = `clerk-${suffix}`;
  const porter = `porter-${suffix}`;
  const userRole = await idOf(api, 'api/roles', { blurry: 'User', page: 0, size: 50 }, 'name', 'User');
  const service = await idOf(api, 'api/dept', { name: 'Service' }, 'name', 'Service');
  const operations = await idOf(api, 'api/dept', { name: 'Operations' }, 'name', 'Operations');
  const seed = async (username: string, dept: number, enabled: boolean) => {
    const answer = await api.post('api/users', {
      username,
      nickName: `Nick ${username}`,
      email: `${username}@example.com`,
      dept: { id: dept },
      roles: [{ id: userRole }],
      enabled,
      password: 'Seeded-pass-2048',
    });
    expect(answer.status(), await answer.text()).toBe(201);
  };
  const writes = recordWrites(page, '/api/users');
  try {
    await seed(clerk, service, true);
    await seed(porter, operations, false);
    await openConsole(page);
    await page.goto('/system/user');
    const users = page.getByRole('region', { name: 'Users' });
    const filters = page.getByRole('search', { name: 'Search filters' });
    const clerkRow = users.getByRole('row', { name: new RegExp(clerk) });
    const porterRow = users.getByRole('row', { name: new RegExp(porter) });
    await filters.getByRole('textbox', { name: 'Keyword' }).fill(suffix);
    await filters.getByRole('textbox', { name: 'Keyword' }).press('Enter');
    await expect(users.getByText('2 in total')).toBeVisible();

    // At 1366 px every column shown fits beside the pinned actions; the department tree is a button away.
    const created = await users.getByRole('columnheader', { name: 'Created' }).boundingBox();
    const actions = await users.getByRole('columnheader', { name: 'Actions' }).boundingBox();
    expect((created?.x ?? 0) + (created?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual((actions?.x ?? 0) + 1);
    const depts = page.getByRole('tree', { name: 'Departments' });
    await expect(depts).toHaveCount(0);
    await users.getByRole('button', { name: 'Departments' }).click();

    // A department shows its users and those of the departments below it; a second click shows all.
    await depts.getByText('South Branch', { exact: true }).click();
    await expect(users.getByText('1 in total')).toBeVisible();
    await expect(clerkRow).toContainText('Service');
    await expect(porterRow).toHaveCount(0);
    await depts.getByText('South Branch', { exact: true }).click();
    await expect(users.getByText('2 in total')).toBeVisible();

    await filters.getByLabel('Status').click();
    await pickOption(page, 'Disabled');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(users.getByText('1 in total')).toBeVisible();
    await expect(porterRow).toBeVisible();
    await expect(users.getByRole('switch', { name: `Status of ${porter}` })).not.toBeChecked();
    await filters.getByRole('button', { name: 'Reset' }).click();
    await filters.getByRole('textbox', { name: 'Keyword' }).fill(suffix);
    await filters.getByRole('textbox', { name: 'Keyword' }).press('Enter');
    await expect(users.getByText('2 in total')).toBeVisible();

    // A bad e-mail in the edit form is refused on the spot; a good one is saved.
    await users.getByRole('button', { name: `Edit ${clerk}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByLabel('Username')).toHaveValue(clerk);
    await edit.getByLabel('Nickname').fill(`Counter clerk ${suffix}`);
    await edit.getByLabel('E-mail').fill('clerk@example');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Must be an e-mail address such as name@example.com')).toBeVisible();
    expect(writes).toEqual([]);
    await edit.getByLabel('E-mail').fill(`counter-${suffix}@example.com`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    expect(writes).toEqual(['PUT']);
    await expect(clerkRow).toContainText(`Counter clerk ${suffix}`);
    await expect(clerkRow).toContainText(`counter-${suffix}@example.com`);

    // Disabling and enabling ask first.
    const status = users.getByRole('switch', { name: `Status of ${clerk}` });
    await expect(status).toBeChecked();
    await status.click();
    let question = page.getByRole('dialog', { name: `Disable “Counter clerk ${suffix}”?` });
    await expect(question).toContainText('signed out at once');
    await question.getByRole('button', { name: 'Disable' }).click();
    await expect(question).toBeHidden();
    await expect(status).not.toBeChecked();
    await status.click();
    question = page.getByRole('dialog', { name: `Enable “Counter clerk ${suffix}”?` });
    await question.getByRole('button', { name: 'Enable' }).click();
    await expect(question).toBeHidden();
    await expect(status).toBeChecked();

    // After a reset the default password lets them in (to choose a new one).
    await users.getByRole('button', { name: `Reset password ${clerk}` }).click();
    question = page.getByRole('dialog', { name: `Reset the password of “${clerk}”?` });
    await expect(question).toContainText('default password');
    await question.getByRole('button', { name: 'Reset password' }).click();
    await expect(notice(page, 'Password reset')).toBeVisible();
    await apiSignIn(request, clerk, DEFAULT_USER_PASSWORD);

    await users.getByRole('button', { name: `Delete ${clerk}` }).click();
    await confirmDelete(page, clerk, 'Their account and sessions end at once.');
    await expect(clerkRow).toHaveCount(0);
    await expect(users.getByText('1 in total')).toBeVisible();
  } finally {
    await removeNamed(api, { usernames: [clerk, porter] });
  }
});

test('the user form shows what is wrong with a phone number or e-mail address and sends nothing until fixed', async ({
  page,
  admin,
}) => {
  const username = `newcomer-${uniqueSuffix()}`;
  const writes = recordWrites(page, '/api/users');
  try {
    await openConsole(page);
    await page.goto('/system/user');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await add.getByLabel('Username').fill(username);
    await add.getByLabel('Nickname').fill('Newcomer');
    await add.getByLabel('Phone').fill('2391234567');
    await add.getByLabel('E-mail').fill('newcomer at example.com');
    await add.getByLabel('Department').click();
    await pickOption(page, 'Head Office');
    await add.getByLabel('Roles').fill('User');
    await add.getByLabel('Roles').press('Enter');
    await add.getByLabel('Roles').press('Escape');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByLabel('Phone')).toHaveAccessibleDescription('Must be 11 digits starting with 1');
    await expect(add.getByLabel('E-mail')).toHaveAccessibleDescription(
      'Must be an e-mail address such as name@example.com',
    );
    await add.screenshot({ path: test.info().outputPath('user-form-invalid.png') });
    await add.getByLabel('Phone').fill('13912345678');
    await expect(add.getByText('Must be 11 digits starting with 1')).toBeHidden();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Must be an e-mail address such as name@example.com')).toBeVisible();
    expect(writes).toEqual([]);

    await add.getByLabel('E-mail').fill('newcomer@example.com');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Users' }).getByRole('row', { name: new RegExp(username) }),
    ).toContainText('newcomer@example.com');
    expect(writes).toEqual(['POST']);
  } finally {
    await removeNamed(admin, { usernames: [username] });
  }
});
