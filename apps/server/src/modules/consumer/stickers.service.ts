import QRCode from 'qrcode';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { cjkFont } from '../../lib/pdf.ts';
import { consumerRepository as repo } from './consumer.repository.ts';

/**
 * The label sheet stickers are printed on: A4 with 3 × 8 labels of 70 × 37 mm, edge to edge
 * across (3 × 70 = 210 mm) and 0.5 mm above and below the 296 mm of rows (Avery 3474 / Herma
 * 4453 and their many equivalents).
 */
export const STICKER_SHEET = {
  columns: 3,
  rows: 8,
  labelWidthMm: 70,
  labelHeightMm: 37,
  topMm: 0.5,
  leftMm: 0,
} as const;
export const LABELS_PER_PAGE = STICKER_SHEET.columns * STICKER_SHEET.rows;

const MM = 72 / 25.4;

/** The address a machine's sticker opens: its page. */
export const stickerUrl = (baseUrl: string, code: string) => `${baseUrl.replace(/\/+$/, '')}/m/${code}`;

/** The QR code of a sticker's address: its modules, row by row (true: dark), as drawn on the label. */
export function stickerQr(url: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

export type StickersService = ReturnType<typeof createStickersService>;

/** Stickers of machines: a PDF of labels, each with the QR code of the page, its code in large type and the service phone. */
export function createStickersService(
  { db }: Pick<Deps, 'db'>,
  /** `publicUrl`: the address consumers reach the server at (GATEWAY_URL); unset, the one the request came to. */
  needs: { publicUrl: string | undefined; servicePhone: () => Promise<string | null> },
) {
  return {
    async pdf(principal: Principal, ids: readonly number[], requestOrigin: string): Promise<Buffer> {
      const baseUrl = needs.publicUrl ?? requestOrigin;
      const unique = [...new Set(ids)];
      const rows = await repo.stickersOf(db, unique);
      for (const id of unique) {
        const row = rows.find((machine) => machine.id === id);
        const visible = row && (row.deptId === null ? principal.scope === null : inScope(principal, row.deptId));
        if (!visible) throw notFound(noSuch('machine', id));
      }
      const phone = await needs.servicePhone();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const codes = unique.map((id) => byId.get(id)?.stickerCode ?? '');
      return drawSheet(codes, baseUrl, phone);
    },
  };
}

async function drawSheet(codes: readonly string[], baseUrl: string, phone: string | null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Stickers' } });
  const font = cjkFont();
  if (font) doc.registerFont('cjk', font.file, font.name);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = STICKER_SHEET.labelWidthMm * MM;
  const height = STICKER_SHEET.labelHeightMm * MM;
  codes.forEach((code, index) => {
    const slot = index % LABELS_PER_PAGE;
    if (slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = STICKER_SHEET.leftMm * MM + (slot % STICKER_SHEET.columns) * width;
    const y = STICKER_SHEET.topMm * MM + Math.floor(slot / STICKER_SHEET.columns) * height;
    drawLabel(doc, { x, y, width, height }, code, stickerUrl(baseUrl, code), phone, font !== undefined);
  });
  doc.end();
  return done;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  box: { x: number; y: number; width: number; height: number },
  code: string,
  url: string,
  phone: string | null,
  chinese: boolean,
) {
  const padding = 2.5 * MM;
  const qrSide = box.height - 2 * padding;
  const qr = stickerQr(url);
  // A quiet zone of two modules around the code, inside its square.
  const module = qrSide / (qr.size + 4);
  const qrX = box.x + padding + 2 * module;
  const qrY = box.y + padding + 2 * module;
  for (let row = 0; row < qr.size; row++) {
    for (let column = 0; column < qr.size; column++) {
      if (qr.dark(column, row)) doc.rect(qrX + column * module, qrY + row * module, module, module);
    }
  }
  doc.fill('#000000');
  const textX = box.x + padding + qrSide + 1.5 * MM;
  const textWidth = box.x + box.width - padding - textX;
  doc
    .font(chinese ? 'cjk' : 'Helvetica')
    .fontSize(7)
    .fillColor('#333333');
  doc.text(chinese ? '扫码买水 Scan to buy water' : 'Scan to buy water', textX, box.y + padding + 1 * MM, {
    width: textWidth,
  });
  doc
    .font('Courier-Bold')
    .fontSize(code.length > 10 ? 11 : 17)
    .fillColor('#000000');
  doc.text(code, textX, box.y + box.height / 2 - 5 * MM, { width: textWidth, lineBreak: false });
  if (phone) {
    const line = box.y + box.height - padding - 4 * MM;
    doc
      .font(chinese ? 'cjk' : 'Helvetica')
      .fontSize(7)
      .fillColor('#333333');
    doc.text(chinese ? '客服 Service' : 'Service', textX, line, { width: textWidth, lineBreak: false });
    // The number in a Latin font, in type large enough to dial from.
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
    doc.text(phone, textX, line + 3 * MM, { width: textWidth, lineBreak: false });
  }
}
