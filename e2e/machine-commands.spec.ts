import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

test('commands: sent from the console, obeyed by a simulated machine through the real gateway, shown succeeded; its settings converge', async ({
  admin,
  page,
  testServer,
}) => {
  test.setTimeout(90_000);
  const { serialNo, secret, id } = await sellingMachine(admin, uniqueSuffix());
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 150, tdsOut: 8, tankLevel: 80 });

  await page.goto('/business/machines');
  await page
    .getByRole('region', { name: 'Machines' })
    .getByRole('button', { name: `Details ${serialNo}` })
    .click();
  const details = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
  await details.getByRole('tab', { name: 'Commands' }).click();
  await expect(details).toContainText('No commands sent to this machine yet.');
  await details.getByRole('button', { name: 'Send a command' }).click();
  const form = page.getByRole('dialog', { name: 'Send a command' });
  await form.getByRole('combobox', { name: 'Command' }).click();
  await page.getByTitle('Flush RO membrane').click();
  await form.getByLabel('Seconds').fill('90');
  await form.getByRole('button', { name: 'Send a command' }).click();
  await expect(page.getByText('Command sent')).toBeVisible();
  const flush = details.locator('.ant-list-item').filter({ hasText: 'Flush RO membrane' });
  await expect(flush).toContainText('Queued');
  await expect(flush).toContainText('seconds: 90');

  // The machine's next heartbeat brings the command; it acknowledges, flushes and reports success.
  const answer = await machine.heartbeat({ tdsIn: 150, tdsOut: 8, tankLevel: 80 });
  expect(answer.commands).toEqual([expect.objectContaining({ type: 'RO_FLUSH', params: { seconds: 90 } })]);
  await expect(flush).toContainText('Succeeded', { timeout: 15_000 });
  await page.screenshot({ path: shot('machine-commands-en') });

  // Desired settings edited in the console reach the machine on its next heartbeat.
  await details.getByRole('tab', { name: 'Settings' }).click();
  await details.getByRole('button', { name: 'Edit desired settings' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit desired settings' });
  await edit.getByLabel('Heartbeat interval (s)').fill('30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(details).toContainText('The machine has not applied version 1 yet.');
  await machine.heartbeat();
  await machine.heartbeat();
  expect(machine.settings).toMatchObject({ version: 1, heartbeatSeconds: 30 });
  await expect(details).toContainText('The machine runs with the desired settings.', { timeout: 15_000 });
  await page.screenshot({ path: shot('machine-settings-en') });
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(id).toBeGreaterThan(0);
});
