import { existsSync } from 'node:fs';

/** A table of a PDF: its columns (with their share of the width and alignment) and its rows of text. */
export interface PdfTable {
  columns: { header: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** Rows drawn in bold (totals). */
  strong?: ReadonlySet<number>;
}

export interface PdfContent {
  title: string;
  lines: string[];
  tables: { heading: string; table: PdfTable }[];
  footer: string;
}

/**
 * Fonts with Chinese glyphs, tried in order (`PDF_FONT` first): Debian's WenQuanYi Micro Hei
 * (`fonts-wqy-microhei`) and Noto Sans CJK (`fonts-noto-cjk`). A PDF in Chinese needs one.
 */
const CJK_FONTS: { file: string; name?: string }[] = [
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', name: 'WenQuanYiMicroHei' },
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];

/** The font a PDF with Chinese is written in, or none on a machine without one. */
export function cjkFont(): { file: string; name?: string } | undefined {
  const configured = process.env.PDF_FONT;
  if (configured && existsSync(configured)) return { file: configured };
  return CJK_FONTS.find((font) => existsSync(font.file));
}

/** Whether PDFs can be written in Chinese on this machine. */
export const canWriteChinese = () => cjkFont() !== undefined;

/** A4 portrait, a title, a few lines, tables with a header row; the bytes of the PDF. */
export async function writePdf(content: PdfContent, { chinese }: { chinese: boolean }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: content.title } });
  const font = chinese ? cjkFont() : undefined;
  if (font) doc.registerFont('body', font.file, font.name);
  const body = font ? 'body' : 'Helvetica';
  const bold = font ? 'body' : 'Helvetica-Bold';
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font(bold).fontSize(16).text(content.title);
  doc.moveDown(0.5);
  doc.font(body).fontSize(10);
  for (const line of content.lines) doc.text(line);
  for (const { heading, table } of content.tables) {
    doc.moveDown(1);
    doc.font(bold).fontSize(12).text(heading, left);
    doc.moveDown(0.3);
    const total = table.columns.reduce((sum, column) => sum + column.width, 0);
    const widths = table.columns.map((column) => (column.width / total) * width);
    const row = (cells: string[], strong: boolean) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
      const y = doc.y;
      let x = left;
      doc.font(strong ? bold : body).fontSize(9);
      let height = 0;
      cells.forEach((cell, index) => {
        const columnWidth = widths[index] ?? 0;
        const align = table.columns[index]?.align ?? 'left';
        doc.text(cell, x + 2, y, { width: columnWidth - 4, align });
        height = Math.max(height, doc.y - y);
        x += columnWidth;
      });
      doc.y = y + height + 3;
      doc
        .moveTo(left, doc.y - 1.5)
        .lineTo(left + width, doc.y - 1.5)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
    };
    row(
      table.columns.map((column) => column.header),
      true,
    );
    for (const [index, cells] of table.rows.entries()) row(cells, table.strong?.has(index) ?? false);
  }
  doc.moveDown(1.5);
  doc.font(body).fontSize(8).fillColor('#666666').text(content.footer, left);
  doc.end();
  return done;
}
