import { figuresOf, type PeriodFigures } from '@water/contract/sales-figures';
import { figuresLocales } from '@water/contract/texts/figures';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import type { DataColumn } from './list/data-table.tsx';

addPageTexts('figures', figuresLocales);

const PERIODS = ['today', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

/** Litres from millilitres, as the figures show them: `12.5`. */
export const litresOf = (ml: number, language: string) =>
  (ml / 1000).toLocaleString(language, { maximumFractionDigits: 1 });

/** A period's net sales, its orders and litres beneath: `CN¥12.30`, `5 orders · 10.5 L`. */
export function PeriodFiguresCell({ row, of }: { row: PeriodFigures; of: Period }) {
  const { t, i18n } = useTranslation();
  const figures = figuresOf(row, of);
  if (!figures) return '—';
  // Blocks, not a line break: a description's content lays its children out in a row.
  return (
    <div>
      <div>{formatFen(figures.net, i18n.language)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {t('figures.ordersAndLitres', { count: figures.orders, litres: litresOf(figures.ml, i18n.language) })}
      </Typography.Text>
    </div>
  );
}

/** How a list shows its declared figures' columns (`periodFigureColumns`): each period's net, orders and litres. */
export function periodFigureCells<T extends PeriodFigures>(): Record<`${Period}Net`, Partial<DataColumn<T>>> {
  const cell = (of: Period): Partial<DataColumn<T>> => ({
    ellipsis: false,
    render: (_: unknown, row: T) => <PeriodFiguresCell row={row} of={of} />,
  });
  return { todayNet: cell('today'), weekNet: cell('week'), monthNet: cell('month') };
}
