import { asFen, type Fen } from '@water/contract/money';
import { type TableColumnType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';

/** A balance or an entry on its side of the books: debits are positive, credits negative. */
export const debitOf = (fen: Fen): Fen | undefined => (fen > 0 ? fen : undefined);
export const creditOf = (fen: Fen): Fen | undefined => (fen < 0 ? asFen(-fen) : undefined);

/** An amount on one side of the books, or a dash for none. */
export function SideAmount({ fen }: { fen: Fen | undefined }) {
  const { i18n } = useTranslation();
  return fen === undefined ? '—' : formatFen(fen, i18n.language);
}

/** A balance as an accountant reads it: the amount and its side, `CN¥3.00 Dr` or `CN¥3.00 Cr`. */
export function SidedBalance({ fen }: { fen: Fen }) {
  const { t, i18n } = useTranslation();
  if (fen === 0) return formatFen(fen, i18n.language);
  return (
    <>
      {formatFen(asFen(Math.abs(fen)), i18n.language)}{' '}
      <Typography.Text type="secondary">{fen > 0 ? t('ledger.drShort') : t('ledger.crShort')}</Typography.Text>
    </>
  );
}

/** A table's Debit and Credit columns, each showing the row's amount on its own side. */
export function sideColumns<T>(t: TFunction, amountOf: (row: T) => Fen): TableColumnType<T>[] {
  return [
    {
      key: 'debit',
      title: t('ledger.debit'),
      align: 'right',
      render: (_, row) => <SideAmount fen={debitOf(amountOf(row))} />,
    },
    {
      key: 'credit',
      title: t('ledger.credit'),
      align: 'right',
      render: (_, row) => <SideAmount fen={creditOf(amountOf(row))} />,
    },
  ];
}
