import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
}

/** `<timestamp>-<name>.xlsx`, the download naming rule of the specification. */
export function downloadName(name: string, now: Date): string {
  return `${now.getTime()}-${name}.xlsx`;
}

/** Sends rows as an Excel workbook with one sheet. */
export async function sendXlsx<T>(
  reply: FastifyReply,
  name: string,
  columns: XlsxColumn<T>[],
  rows: T[],
  now: Date,
): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row) ?? ''));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const file = downloadName(name, now);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(buffer);
}
