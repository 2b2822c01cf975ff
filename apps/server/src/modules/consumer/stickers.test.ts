import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, machineModel, operatingMachine, siteOf, unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { LABELS_PER_PAGE, stickerQr, stickerUrl } from './stickers.service.ts';

/** The text a PDF shows: its content streams inflated, their hex strings decoded (pdfkit writes text so). */
function shownText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g))
        text += `${Buffer.from(hex[1] ?? '', 'hex').toString('latin1')}\n`;
    } catch {
      // Not a deflated stream (a font's, an image's): no text of ours.
    }
  }
  return text;
}

/** The QR code as a picture (4 pixels a module, a quiet zone of 4), read back by a decoder. */
function decoded(url: string): string | undefined {
  const qr = stickerQr(url);
  const scale = 4;
  const side = (qr.size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.dark(x, y)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('machines’ stickers', () => {
  const ctx = useTestApp({ GATEWAY_URL: 'https://water.example.com' });
  const admin: Caller = (...args) => ctx.admin(...args);
  const machines: { id: number; code: string }[] = [];

  beforeAll(async () => {
    const { id: modelId } = await machineModel(admin);
    const agent = await activeAgent(admin, unique('Sticker agent '), { quota: 40 });
    const site = await siteOf(admin, agent.id);
    for (let index = 0; index < 26; index++) {
      const machine = await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
      const { stickerCode } = (await admin('GET', `/api/machines/${machine.id}`)).json();
      machines.push({ id: machine.id, code: stickerCode });
    }
    await admin('PUT', '/api/global/setting', { servicePhone: '400-800-1234' });
  }, 120_000);

  it('prints 24 labels a page, each with the page’s QR code, the code in large type and the service phone', async () => {
    const printed = await admin('POST', '/api/machines/stickers', { ids: machines.map((machine) => machine.id) });
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    const pdf = printed.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(LABELS_PER_PAGE).toBe(24);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const text = shownText(pdf);
    for (const machine of machines) expect(text).toContain(machine.code);
    expect(text.match(/400-800-1234/g)?.length).toBe(machines.length);
  });

  it('draws a QR code that decodes to the machine’s page on the public address', () => {
    const url = stickerUrl('https://water.example.com/', 'ABCD2345');
    expect(url).toBe('https://water.example.com/m/ABCD2345');
    expect(decoded(url)).toBe(url);
  });

  it('prints only machines the caller sees', async () => {
    expect((await admin('POST', '/api/machines/stickers', { ids: [999_999] })).statusCode).toBe(404);
    expect((await ctx.user('POST', '/api/machines/stickers', { ids: [machines[0]?.id] })).statusCode).toBe(403);
  });
});
