import type { Statement, StatementLine } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { yuanOf, yuanText } from '../../domain/money.ts';
import { canWriteChinese, writePdf } from '../../lib/pdf.ts';
import { type Language, textsIn } from '../../lib/texts.ts';
import { formatDateTime } from '../../lib/time.ts';
import { sendXlsx } from '../../lib/xlsx.ts';

interface StatementRow {
  item: string;
  amount: Fen | null;
  items: number | null;
  strong: boolean;
}

/** A statement line's name: its kind, and for commission the depth of the sales it came from. */
function lineName(language: Language, line: StatementLine): string {
  const t = textsIn(language);
  const kind = t(`ledger.kinds.${line.kind}`);
  if (line.depth === null) return kind;
  const depth = line.depth === 0 ? t('ledger.ownSales') : t('ledger.depthBelow', { count: line.depth });
  return t('ledger.lineOf', { kind, depth });
}

/** A statement as rows: for each balance, its opening, what moved it, and its closing. */
export function statementRows(statement: Statement, language: Language): StatementRow[] {
  const t = textsIn(language);
  return statement.accounts.flatMap((account) => [
    { item: t(`ledger.statementAccounts.${account.type}`), amount: null, items: null, strong: true },
    { item: t('ledger.opening'), amount: account.opening, items: null, strong: false },
    ...account.lines.map((line) => ({
      item: lineName(language, line),
      amount: line.amount,
      items: line.items,
      strong: false,
    })),
    { item: t('ledger.closing'), amount: account.closing, items: null, strong: true },
  ]);
}

const fileName = (statement: Statement) => `statement-${statement.agentId}-${statement.period}`;

/** Sends a statement as an Excel workbook or a PDF, in the request's language. */
export async function sendStatement(
  reply: FastifyReply,
  statement: Statement,
  format: 'xlsx' | 'pdf',
  asked: Language,
  now: Date,
): Promise<FastifyReply> {
  // A machine without a font with Chinese glyphs writes its PDFs in English.
  const language: Language = format === 'pdf' && asked === 'zh' && !canWriteChinese() ? 'en' : asked;
  const t = textsIn(language);
  const rows = statementRows(statement, language);
  if (format === 'xlsx') {
    return sendXlsx(
      reply,
      {
        name: fileName(statement),
        columns: [
          { header: t('ledger.line'), value: (row: StatementRow) => row.item, width: 36 },
          {
            header: `${t('ledger.amount')} (¥)`,
            value: (row) => (row.amount === null ? '' : yuanOf(row.amount)),
            width: 16,
          },
          { header: t('ledger.items'), value: (row) => row.items ?? '', width: 12 },
        ],
        rows,
      },
      now,
    );
  }
  const pdf = await writePdf(
    {
      title: t('ledger.statementOf', { agent: statement.agentName, period: statement.period }),
      lines: [
        `${t('ledger.period')}: ${statement.firstDay} – ${statement.lastDay}`,
        statement.closed ? t('ledger.statementClosed') : t('ledger.statementOpen'),
      ],
      tables: [
        {
          heading: t('ledger.statements'),
          table: {
            columns: [
              { header: t('ledger.line'), width: 6 },
              { header: `${t('ledger.amount')} (¥)`, width: 3, align: 'right' },
              { header: t('ledger.items'), width: 2, align: 'right' },
            ],
            rows: rows.map((row) => [
              row.item,
              row.amount === null ? '' : yuanText(row.amount),
              row.items === null ? '' : String(row.items),
            ]),
            strong: new Set(rows.flatMap((row, index) => (row.strong ? [index] : []))),
          },
        },
      ],
      footer: t('ledger.generated', { time: formatDateTime(now) }),
    },
    { chinese: language === 'zh' },
  );
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(`${now.getTime()}-${fileName(statement)}.pdf`))
    .send(pdf);
}
