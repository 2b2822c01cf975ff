import { XLSX_TYPE } from '@water/contract/route';
import { create as contentDisposition } from 'content-disposition';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { invalidField } from './http-errors.ts';

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

/** ExcelJS, loaded with the first workbook (it took a sixth of the server's start). */
const excel = async () => (await import('exceljs')).default;

/** `<timestamp>-<name>.xlsx`, the download naming rule of the specification. */
export function downloadName(name: string, now: Date): string {
  return `${now.getTime()}-${name}.xlsx`;
}

/** Sends rows as an Excel workbook with one sheet. */
export async function sendXlsx<T>(reply: FastifyReply, sheet: Sheet<T>, now: Date): Promise<FastifyReply> {
  const workbook = new (await excel()).Workbook();
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

/**
 * Writes a long sheet to a file batch by batch, never holding it whole (the background exports):
 * `batches` yields the rows a batch at a time. Answers how many rows were written.
 */
export async function writeXlsxFile<T>(
  file: string,
  sheet: Omit<Sheet<T>, 'rows'>,
  batches: AsyncIterable<readonly T[]>,
): Promise<number> {
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.columns = sheet.columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  let written = 0;
  for await (const batch of batches) {
    for (const row of batch) worksheet.addRow(sheet.columns.map((column) => column.value(row) ?? '')).commit();
    written += batch.length;
  }
  worksheet.commit();
  await workbook.commit();
  return written;
}

/**
 * The rows of the first sheet of an xlsx or CSV file, as text cells, the header row first; a
 * file that is neither is refused on its field. Dates come as `yyyy-MM-dd`.
 */
export async function readSheet(bytes: Buffer, filename: string, field: string): Promise<string[][]> {
  const workbook = new (await excel()).Workbook();
  try {
    if (/\.csv$/i.test(filename)) {
      return parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } else if (/\.xlsx$/i.test(filename)) {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } else {
      throw new Error('type');
    }
  } catch {
    throw invalidField(field, { key: 'errors.files.notASheet' }, 'type');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows[number - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    return '';
  }
  return String(value).trim();
}

/** The rows of a CSV text (RFC 4180: commas, double-quoted cells with doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows;
}
