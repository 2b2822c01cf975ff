import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const publicDir = fileURLToPath(new URL('../../../web/public', import.meta.url));

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(file: string): string {
  const bytes = readFileSync(`${publicDir}${file}`);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  const ctx = useTestApp();

  it('makes the console installable on a phone, named in the phone’s language, with icons of the sizes it states', async () => {
    const zh = await ctx.t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = zh.json();
    expect(manifest).toMatchObject({
      name: '设备代理分销管理系统',
      display: 'standalone',
      start_url: '/',
      shortcuts: [{ name: '我的工单', url: '/field/my-work-orders' }],
    });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) expect(pngSize(icon.src)).toBe(icon.sizes);
    expect(pngSize('/icons/apple-touch-icon.png')).toBe('180x180');

    const en = await ctx.t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-language': 'en-GB' },
    });
    expect(en.json()).toMatchObject({
      name: 'Equipment Agent Distribution Management System',
      short_name: 'Water Console',
    });
    expect(en.headers.vary).toMatch(/Accept-Language/);
  });
});
