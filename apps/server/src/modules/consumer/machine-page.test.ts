import { describe, expect, it } from 'vitest';
import {
  activeAgent,
  flatPrice,
  machineCaller,
  machineModel,
  operatingMachine,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

describe('the page behind a machine’s sticker, drawn by the server', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.9.0.1' });

  async function machineAt(siteName: string) {
    const { id: modelId } = await machineModel(admin);
    const agent = await activeAgent(admin, unique('Page agent '));
    const site = await admin('POST', '/api/sites', {
      agentId: agent.id,
      name: siteName,
      type: 'SCHOOL',
      address: '1 School Road',
      feeType: 'RENT',
      feeValue: 0,
    });
    expect(site.statusCode, site.body).toBe(201);
    const { id: siteId } = (await admin('GET', `/api/sites?blurry=${encodeURIComponent(siteName)}`)).json().content[0];
    const machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId });
    await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', { tdsOut: 30 });
    const { stickerCode } = (await admin('GET', `/api/machines/${machine.id}`)).json();
    return { ...machine, code: stickerCode as string };
  }

  it('shows the machine in Chinese by default, in English when asked, and remembers the choice', async () => {
    await flatPrice(admin, 50);
    await admin('PUT', '/api/global/setting', { servicePhone: '400 800 1234' });
    const machine = await machineAt(unique('North gate '));

    const chinese = await page(`/m/${machine.code}`);
    expect(chinese.statusCode).toBe(200);
    expect(chinese.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toContain('正在售水');
    expect(chinese.body).toContain('¥0.50/升');
    expect(chinese.body).toContain('良');
    expect(chinese.body).toContain('href="tel:4008001234"');
    expect(chinese.body).not.toContain(machine.serialNo);

    const english = await page(`/m/${machine.code}?lang=en`);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Selling now');
    expect(english.body).toContain('¥0.50/L');
    expect(english.body).toContain('Call 400 800 1234');
    const cookie = String(english.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toBe('m_lang=en');
    expect((await page(`/m/${machine.code}`, { cookie })).body).toContain('Selling now');
  });

  it('writes what staff typed as text, never as markup', async () => {
    const machine = await machineAt(`<script>alert(1)</script>${unique('S')}`);
    const shown = await page(`/m/${machine.code}`);
    expect(shown.body).not.toContain('<script>alert(1)</script>');
    expect(shown.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The data the page's script reads cannot close its element either.
    const data = shown.body.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/s)?.[1] ?? '';
    expect(JSON.parse(data).machine.siteName).toContain('<script>alert(1)</script>');
  });

  it('answers an unknown code with a friendly page in both languages', async () => {
    for (const url of ['/m/NOSUCH99', '/m/%3Cb%3E']) {
      const missing = await page(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(missing.body).toContain('未找到设备');
      expect(missing.body).toContain('Machine not found');
    }
  });
});
