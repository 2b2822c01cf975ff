import type { Report, ReportFigures, ReportFormat } from '@water/contract/reports';
import { yuanOf, yuanText } from '../../domain/money.ts';
import { canWriteChinese, writePdf } from '../../lib/pdf.ts';
import { type Language, textsIn } from '../../lib/texts.ts';
import { formatDateTime } from '../../lib/time.ts';

/** A column of a report's file: its header's text key and how a figure reads in it. */
interface FigureColumn {
  key: string;
  /** The cell of an Excel sheet (yuan as numbers) and of a PDF (text). */
  cell: (figures: ReportFigures) => number | string | null;
  text: (figures: ReportFigures) => string;
}

const money = (pick: (f: ReportFigures) => number | null): Pick<FigureColumn, 'cell' | 'text'> => ({
  cell: (f) => {
    const fen = pick(f);
    return fen === null ? null : yuanOf(fen as never);
  },
  text: (f) => {
    const fen = pick(f);
    return fen === null ? '—' : yuanText(fen as never);
  },
});
const count = (pick: (f: ReportFigures) => number): Pick<FigureColumn, 'cell' | 'text'> => ({
  cell: pick,
  text: (f) => String(pick(f)),
});
const percent = (pick: (f: ReportFigures) => string | null): Pick<FigureColumn, 'cell' | 'text'> => ({
  cell: (f) => (pick(f) === null ? null : Number(pick(f))),
  text: (f) => (pick(f) === null ? '—' : `${pick(f)}%`),
});
const litres = (f: ReportFigures) => Math.round(f.dispensedMl / 10) / 100;

const COLUMNS: FigureColumn[] = [
  { key: 'revenue', ...money((f) => f.revenue) },
  { key: 'refunded', ...money((f) => f.refunded) },
  { key: 'net', ...money((f) => f.net) },
  { key: 'orders', ...count((f) => f.orders) },
  { key: 'litres', cell: litres, text: (f) => litres(f).toFixed(2) },
  { key: 'averageTicket', ...money((f) => f.averageTicket) },
  { key: 'coupon', ...money((f) => f.coupon) },
  { key: 'commission', ...money((f) => f.commission) },
  { key: 'channelFees', ...money((f) => f.channelFees) },
  { key: 'cardLiabilities', ...money((f) => f.cardLiabilities) },
  { key: 'slaResponseMet', ...percent((f) => f.slaResponseMet) },
  { key: 'slaResolutionMet', ...percent((f) => f.slaResolutionMet) },
];

/** The columns a report's file shows: those with a figure somewhere (SLA and the books are often empty). */
function columnsOf(report: Report): FigureColumn[] {
  const all = [report.totals, ...report.rows, ...report.series];
  return COLUMNS.filter((column) => all.some((figures) => column.cell(figures) !== null));
}

/** A report's title in a language: `Monthly report by agent, 2026-01-01 – 2026-12-31`. */
export function reportTitle(report: Pick<Report, 'period' | 'by' | 'from' | 'to'>, language: Language): string {
  const t = textsIn(language);
  return t('reports.fileTitle', {
    period: t(`reports.periods.${report.period}`),
    by: t(`reports.groupings.${report.by}`),
    from: report.from,
    to: report.to,
  });
}

/** The file's name, without its extension. */
export const reportFileName = (report: Pick<Report, 'period' | 'by' | 'from' | 'to'>) =>
  `report-${report.period.toLowerCase()}-${report.by}-${report.from}-${report.to}`;

async function xlsxOf(report: Report, language: Language, now: Date): Promise<Buffer> {
  const t = textsIn(language);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const columns = columnsOf(report);
  const sheet = (name: string, first: string, rows: { label: string; figures: ReportFigures }[]) => {
    const ws = book.addWorksheet(name);
    ws.columns = [
      { header: first, width: 28 },
      ...columns.map((column) => ({ header: t(`reports.${column.key}`), width: 16 })),
    ];
    for (const row of rows) ws.addRow([row.label, ...columns.map((column) => column.cell(row.figures))]);
    ws.getRow(1).font = { bold: true };
    return ws;
  };
  const figures = sheet(t('reports.figures'), t(`reports.groupings.${report.by}`), [
    ...report.rows.map((row) => ({ label: row.name ?? row.key ?? t('reports.none'), figures: row })),
    { label: t('reports.totals'), figures: report.totals },
  ]);
  figures.getRow(figures.rowCount).font = { bold: true };
  figures.addRow([]);
  figures.addRow([reportTitle(report, language)]);
  figures.addRow([t('reports.generated', { time: formatDateTime(now) })]);
  sheet(
    t('reports.series'),
    t('reports.periodColumn'),
    report.series.map((point) => ({ label: point.period, figures: point })),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function pdfOf(report: Report, asked: Language, now: Date): Promise<Buffer> {
  // A machine without a font with Chinese glyphs writes its PDFs in English.
  const language: Language = asked === 'zh' && !canWriteChinese() ? 'en' : asked;
  const t = textsIn(language);
  const columns = columnsOf(report);
  const table = (first: string, rows: { label: string; figures: ReportFigures }[], strongLast: boolean) => ({
    columns: [
      { header: first, width: 4 },
      ...columns.map((column) => ({ header: t(`reports.${column.key}`), width: 2, align: 'right' as const })),
    ],
    rows: rows.map((row) => [row.label, ...columns.map((column) => column.text(row.figures))]),
    ...(strongLast && { strong: new Set([rows.length - 1]) }),
  });
  return writePdf(
    {
      title: reportTitle(report, language),
      lines: [],
      tables: [
        {
          heading: t('reports.figures'),
          table: table(
            t(`reports.groupings.${report.by}`),
            [
              ...report.rows.map((row) => ({ label: row.name ?? row.key ?? t('reports.none'), figures: row })),
              { label: t('reports.totals'), figures: report.totals },
            ],
            true,
          ),
        },
        {
          heading: t('reports.series'),
          table: table(
            t('reports.periodColumn'),
            report.series.map((point) => ({ label: point.period, figures: point })),
            false,
          ),
        },
      ],
      footer: t('reports.generated', { time: formatDateTime(now) }),
    },
    { chinese: language === 'zh' },
  );
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
};
export const REPORT_EXTENSIONS: Record<ReportFormat, string> = { XLSX: 'xlsx', PDF: 'pdf' };

/** A report as an Excel workbook (a sheet of its rows and totals, one of its series) or a PDF, in a language. */
export function reportFile(report: Report, format: ReportFormat, language: Language, now: Date): Promise<Buffer> {
  return format === 'XLSX' ? xlsxOf(report, language, now) : pdfOf(report, language, now);
}
