import type { Fen } from '@water/contract/money';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { litresOf } from '@/components/period-figures.tsx';
import { formatFen } from '@/lib/format/money.ts';
import styles from '../pages/dashboard-page.module.css';

/** One place of a ranking: an agent, a site or a machine, and what it sold. */
export interface RankedRow {
  id: number;
  name: string;
  net: Fen;
  orders?: number;
  dispensedMl?: number;
}

/**
 * A ranking's rows, best first: each name a link to the orders behind its figure (when the user's
 * menus have the orders page), its net sales beside it, its orders and litres beneath.
 */
export function RankedList({
  rows,
  linkOf,
  empty,
}: {
  rows: readonly RankedRow[];
  linkOf: (row: RankedRow) => string | undefined;
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List
      size="small"
      dataSource={[...rows]}
      locale={{ emptyText: empty }}
      renderItem={(row, index) => {
        const to = linkOf(row);
        const name = `${index + 1}. ${row.name}`;
        return (
          <List.Item>
            <div className={styles.rankName}>
              <Typography.Text ellipsis={{ tooltip: row.name }} style={{ display: 'block' }}>
                {to ? (
                  <Link to={to} aria-label={t('figures.ordersOf', { name: row.name })}>
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </Typography.Text>
              {row.orders !== undefined && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('figures.ordersAndLitres', {
                    count: row.orders,
                    litres: litresOf(row.dispensedMl ?? 0, i18n.language),
                  })}
                </Typography.Text>
              )}
            </div>
            <span className={styles.rankAmount}>{formatFen(row.net, i18n.language)}</span>
          </List.Item>
        );
      }}
    />
  );
}
