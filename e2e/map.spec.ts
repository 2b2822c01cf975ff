import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

/** People's Square, Shanghai (WGS-84): where the journey stands. */
const HERE = { longitude: 121.4737, latitude: 31.2304 };

/**
 * Through the API: an agent, two sites 100 m apart in Shanghai and one in Hangzhou, with their
 * positions, and machines installed there (two at the first site, one at each other).
 */
async function mappedFleet(admin: Api, suffix: string) {
  const ok = async (answer: Awaited<ReturnType<Api['post']>>, status = 201) =>
    expect(answer.status(), await answer.text()).toBe(status);
  await ok(
    await admin.post('api/agents', {
      code: `MPA-${suffix}`,
      name: `Map Agent ${suffix}`,
      level: 'PLATFORM',
      contactName: 'Sun Li',
      contactPhone: '139 0000 4444',
      commissionRate: '20',
      machineQuota: 10,
    }),
  );
  const [agent] = (await (await admin.get('api/agents', { blurry: `MPA-${suffix}` })).json()).content;
  await ok(await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' }), 200);
  const site = async (name: string, longitude: string, latitude: string) => {
    await ok(
      await admin.post('api/sites', {
        agentId: agent.id,
        name,
        type: 'RESIDENTIAL',
        address: '8 Map Road',
        feeType: 'RENT',
        feeValue: 0,
        longitude,
        latitude,
      }),
    );
    return (await (await admin.get('api/sites', { blurry: name })).json()).content[0] as { id: number; name: string };
  };
  const square = await site(`Square Court ${suffix}`, '121.473700', '31.230400');
  const corner = await site(`Corner House ${suffix}`, '121.474600', '31.231000');
  const lake = await site(`West Lake Garden ${suffix}`, '120.130396', '30.279281');
  await ok(
    await admin.post('api/machine-models', {
      code: `MPM-${suffix}`,
      name: `Map model ${suffix}`,
      taps: 1,
      waterTypes: 'COLD',
      tankLitres: 40,
      outputLph: 40,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    }),
  );
  const [model] = (await (await admin.get('api/machine-models', { blurry: `MPM-${suffix}` })).json()).content;
  const install = async (serialNo: string, siteId: number) => {
    const registered = await admin.post('api/machines', { serialNo, modelId: model.id });
    await ok(registered);
    const { machine } = await registered.json();
    await ok(await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: agent.id }), 200);
    await ok(await admin.put(`api/machines/${machine.id}/lifecycle`, { action: 'INSTALL', siteId }), 200);
    return serialNo;
  };
  return {
    square: [await install(`MP${suffix}A`, square.id), await install(`MP${suffix}B`, square.id)],
    corner: await install(`MP${suffix}C`, corner.id),
    lake: await install(`MP${suffix}D`, lake.id),
    sites: { square, corner, lake },
  };
}

const CLUSTERS = '.fleet-cluster';

test.describe('the map of the fleet', () => {
  test.use({ geolocation: HERE, permissions: ['geolocation'] });

  test('map: machines clustered on a blank background, a cluster zoomed into, a machine opened; machines near here @phone', async ({
    page,
    admin,
  }) => {
    const suffix = uniqueSuffix();
    const fleet = await mappedFleet(admin, suffix);
    await openConsole(page, '/field/map');
    const map = page.getByRole('region', { name: 'Map of the machines' });
    await expect(map).toBeVisible();
    // Only this journey's machines: their serial numbers share the suffix.
    await page.getByPlaceholder('Serial, sticker or IMEI').fill(`MP${suffix}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Offline 4')).toBeVisible();
    // No tiles are set up: nothing but the markers and clusters.
    await expect(page.getByText('No map tiles are set up')).toBeVisible();
    await expect(map.locator('.leaflet-tile')).toHaveCount(0);

    // Shanghai's three machines in one cluster, Hangzhou's machine alone.
    const shanghai = map.locator(CLUSTERS, { hasText: /^3$/ });
    await expect(shanghai).toBeVisible();
    await expect(map.getByTitle(new RegExp(`^${fleet.lake} · West Lake Garden`))).toBeVisible();
    await page.screenshot({ path: shot('map-clusters-en') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Into the cluster: the corner house's machine stands alone, the square's two still together.
    await shanghai.click();
    const corner = map.getByTitle(new RegExp(`^${fleet.corner} · Corner House`));
    await expect(corner).toBeVisible();
    await expect(map.locator(CLUSTERS, { hasText: /^2$/ })).toBeVisible();
    await expect(shanghai).toHaveCount(0);
    await page.screenshot({ path: shot('map-zoomed-en') });

    // Machines near here: the browser's position, nearest first.
    await page.getByRole('button', { name: 'Machines near here' }).click();
    const near = page.getByRole('dialog', { name: 'Machines near here' });
    const listed = near.getByRole('list', { name: 'Machines near here' }).getByRole('listitem');
    await expect(listed).toHaveCount(3);
    await expect(listed.nth(2)).toContainText(fleet.corner);
    await expect(listed.nth(2)).toContainText(/1\d\d m/);
    await expect(near).not.toContainText(fleet.lake);
    await page.screenshot({ path: shot('map-near-en') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await near.getByRole('button', { name: 'Close' }).click();

    // A click on a machine opens it, as the machines page does.
    await corner.click();
    await expect(page).toHaveURL(/\/business\/machines\?machine=\d+/);
    await expect(page.getByRole('dialog').filter({ hasText: fleet.corner })).toBeVisible();
  });
});

test.describe('the map in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('map: the legend, the filters and the clusters in Chinese @phone', async ({ page, admin }) => {
    const suffix = uniqueSuffix();
    await mappedFleet(admin, suffix);
    await openConsole(page, '/field/map', 'zh-CN');
    await page.getByPlaceholder('序列号、贴纸码或 IMEI').fill(`MP${suffix}`);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.getByText('离线 4')).toBeVisible();
    await expect(page.getByRole('region', { name: '设备地图' }).locator(CLUSTERS).first()).toBeVisible();
    await expect(page.getByText('尚未配置地图底图')).toBeVisible();
    await page.screenshot({ path: shot('map-clusters-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test('map tiles: the presets in the global settings, a key asked only where one is read @phone', async ({ page }) => {
  await openConsole(page, '/sys-tools/settings');
  const preset = page.getByLabel('Tiles of the fleet map');
  await preset.scrollIntoViewIfNeeded();
  await expect(page.getByText('None (blank background)')).toBeVisible();
  await expect(page.getByLabel('Key (Tianditu tk)')).toHaveCount(0);
  await preset.click();
  await pickOption(page, 'Tianditu (天地图)');
  await expect(page.getByLabel('Key (Tianditu tk)')).toBeVisible();
  await page.getByLabel('Key (Tianditu tk)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('map-tiles-settings-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // Left unsaved: the other journeys' maps keep drawing no tiles.
});
