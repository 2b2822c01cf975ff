import { create as contentDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
}

/** One sheet of an export: its name (also the file's), its columns and its rows. */
export interface Sheet<T> {
  name: string;
  columns: XlsxColumn<T>[];
  rows: readonly T[];
}

/** `<timestamp>-<name>.xlsx`, the download naming rule of the specification. */
function downloadName(name: string, now: Date): string {
  return `${now.getTime()}-${name}.xlsx`;
}

/** Sends rows as an Excel workbook with one sheet. */
export async function sendXlsx<T>(reply: FastifyReply, sheet: Sheet<T>, now: Date): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => column.value(row) ?? ''));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(downloadName(sheet.name, now)))
    .send(buffer);
}
