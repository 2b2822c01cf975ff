import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { openConsole } from './support/sign-in.ts';
import { cellUnder, confirmDelete, notice, pickOption, removeNamed } from './support/system-pages.ts';

// Signing in is not the point here: every journey opens the console with the worker's session.
test.use({ signedIn: true });

test('roles: create with a level, custom departments and a description, edit, delete', async ({ page, admin }) => {
  const suffix = uniqueSuffix();
  const name = `Auditor ${suffix}`;
  try {
    await openConsole(page);
    await page.goto('/system/role');
    const roles = page.getByRole('region', { name: 'Roles' });
    const row = roles.getByRole('row', { name: new RegExp(name) });
    await expect(roles.getByRole('row', { name: /Administrator/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add role' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('spinbutton', { name: 'Level' }).fill('4');
    await expect(add.getByLabel('Departments')).toHaveCount(0);
    await add.getByLabel('Data scope').click();
    await pickOption(page, 'Custom departments');
    await add.getByLabel('Departments').click();
    await pickOption(page, 'South Branch');
    await pickOption(page, 'Head Office');
    await add.getByLabel('Departments').press('Escape');
    await add.getByLabel('Description').fill('Reads the books of two branches');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(await cellUnder(roles, row, 'Data scope')).toHaveText('Custom departments');
    await expect(await cellUnder(roles, row, 'Level')).toHaveText('4');
    await expect(await cellUnder(roles, row, 'Description')).toHaveText('Reads the books of two branches');

    // The form opens again with what was saved, departments included.
    await roles.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role' });
    await expect(edit.getByRole('spinbutton', { name: 'Level' })).toHaveValue('4');
    for (const dept of ['Head Office', 'South Branch'])
      await expect(edit.getByTitle(dept, { exact: true })).toBeVisible();
    await edit.getByRole('spinbutton', { name: 'Level' }).fill('5');
    await edit.getByLabel('Description').fill('Reads the books of the whole company');
    await edit.getByLabel('Data scope').click();
    await pickOption(page, 'All');
    await expect(edit.getByLabel('Departments')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(await cellUnder(roles, row, 'Data scope')).toHaveText('All');
    await expect(await cellUnder(roles, row, 'Level')).toHaveText('5');
    await expect(await cellUnder(roles, row, 'Description')).toHaveText('Reads the books of the whole company');

    await roles.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDelete(page, name, 'A role that users still hold cannot be deleted.');
    await expect(notice(page, 'Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await removeNamed(admin, { roles: [name] });
  }
});

test('departments: add one below another, rename, disable, delete; jobs: create and edit with a dictionary status', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const depot = `Depot ${suffix}`;
  const yard = `Yard ${suffix}`;
  const welder = `Welder ${suffix}`;
  const fitter = `Fitter ${suffix}`;
  try {
    await openConsole(page);
    await page.goto('/system/dept');
    const depts = page.getByRole('region', { name: 'Departments' });
    // Added below an opened department, it shows there at once.
    await depts
      .getByRole('row', { name: /South Branch/ })
      .getByRole('button', { name: /Expand row/ })
      .click();
    await expect(depts.getByRole('row', { name: /Sales/ })).toBeVisible();
    await depts.getByRole('button', { name: 'Add below South Branch' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add department' });
    await expect(dialog.getByTitle('South Branch', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Enabled' })).toBeChecked();
    await dialog.getByLabel('Name').fill(depot);
    await dialog.getByRole('spinbutton', { name: 'Sort' }).fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const depotRow = depts.getByRole('row', { name: new RegExp(depot) });
    await expect(await cellUnder(depts, depotRow, 'Status')).toHaveText('Enabled');

    await depts.getByRole('button', { name: `Edit ${depot}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit department' });
    await dialog.getByLabel('Name').fill(yard);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const yardRow = depts.getByRole('row', { name: new RegExp(yard) });
    await expect(yardRow).toBeVisible();
    await expect(depotRow).toHaveCount(0);

    await depts.getByRole('button', { name: `Edit ${yard}` }).click();
    await dialog.getByRole('radio', { name: 'Disabled' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(await cellUnder(depts, yardRow, 'Status')).toHaveText('Disabled');
    await page.screenshot({ path: test.info().outputPath('dept-disabled.png') });

    await depts.getByRole('button', { name: `Delete ${yard}` }).click();
    await confirmDelete(page, yard, 'Every department below it is deleted too.');
    await expect(yardRow).toHaveCount(0);
    await expect(depts.getByRole('row', { name: /Sales/ })).toBeVisible();

    // Jobs: the status choices are the entries of job_status.
    await page.goto('/system/job');
    const jobs = page.getByRole('region', { name: 'Jobs' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Add job' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog.getByRole('radio', { name: 'Enabled' })).toBeChecked();
    await dialog.getByLabel('Name').fill(welder);
    await dialog.getByRole('spinbutton', { name: 'Sort' }).fill('7');
    await dialog.getByRole('radio', { name: 'Disabled' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const filters = page.getByRole('search', { name: 'Search filters' });
    await filters.getByRole('textbox', { name: 'Name' }).fill(suffix);
    await filters.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(jobs.getByText('1 in total')).toBeVisible();
    const welderRow = jobs.getByRole('row', { name: new RegExp(welder) });
    await expect(await cellUnder(jobs, welderRow, 'Sort')).toHaveText('7');
    await expect(await cellUnder(jobs, welderRow, 'Status')).toHaveText('Disabled');

    await jobs.getByRole('button', { name: `Edit ${welder}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit job' });
    await expect(dialog.getByRole('radio', { name: 'Disabled' })).toBeChecked();
    await dialog.getByLabel('Name').fill(fitter);
    await dialog.getByRole('radio', { name: 'Enabled' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const fitterRow = jobs.getByRole('row', { name: new RegExp(fitter) });
    await expect(await cellUnder(jobs, fitterRow, 'Status')).toHaveText('Enabled');
    await expect(welderRow).toHaveCount(0);
  } finally {
    await removeNamed(admin, { depts: [depot, yard], jobs: [welder, fitter] });
  }
});

test('jobs: several chosen rows are deleted at once after one confirmation', async ({ page, admin }) => {
  const suffix = uniqueSuffix();
  const names = ['Bulk A', 'Bulk B', 'Bulk C'].map((name) => `${name} ${suffix}`);
  for (const name of names) expect((await admin.post('api/job', { name, jobSort: 1 })).status()).toBe(201);
  await openConsole(page, '/system/job');
  const jobs = page.getByRole('region', { name: 'Jobs' });
  const filters = page.getByRole('search', { name: 'Search filters' });
  await filters.getByRole('textbox', { name: 'Name' }).fill(suffix);
  await filters.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(jobs.getByText('3 in total')).toBeVisible();
  const bulk = page.getByRole('button', { name: /Delete selected/ });
  await expect(bulk).toBeDisabled();
  for (const name of names.slice(0, 2)) {
    await jobs
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('checkbox')
      .check();
  }
  await expect(bulk).toHaveText('Delete selected (2)');
  await bulk.click();
  const question = page.getByRole('dialog').filter({ hasText: 'Delete the 2 selected rows?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(jobs.getByText('1 in total')).toBeVisible();
  await expect(jobs.getByRole('row', { name: new RegExp(names[2]!) })).toBeVisible();
  await expect(bulk).toHaveText('Delete selected (0)');
  await removeNamed(admin, { jobs: [names[2]!] });
});
