import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { Statement } from '@water/contract/ledger';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';
import { downloadStatement } from '../api/download-statement.ts';
import { type StatementRow, shownAccounts, statementRows } from './statement-lines.ts';

/** Downloads the statement shown as Excel or PDF, each button busy while its file comes. */
function StatementDownloads({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xlsx' | 'pdf'>();
  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      await downloadStatement({ agentId: statement.agentId, period: statement.period, format });
    } catch {
      // The client has already reported the failure.
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space wrap aria-label={t('ledger.download')}>
      <Button icon={<FileExcelOutlined aria-hidden />} loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
        {t('ledger.excel')}
      </Button>
      <Button icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        {t('ledger.pdf')}
      </Button>
    </Space>
  );
}

/**
 * An agent's statement of a period: whether it is final, and for each balance it holds with the
 * platform the opening, what moved it (commission per level, reversals, releases, withdrawals)
 * and the closing; with its Excel and PDF.
 */
export function StatementFigures({ statement, loading }: { statement: Statement; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (row: StatementRow) => formatFen(row.amount, i18n.language);
  const title = t('ledger.statementOf', { agent: statement.agentName, period: statement.period });
  return (
    <Flex vertical gap={16} component="section" aria-label={t('ledger.statementRegion')}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap size={8}>
          {/* Not a heading: it names the agent, a record rather than a part of the page. */}
          <Typography.Text strong style={{ fontSize: 16 }}>
            {title}
          </Typography.Text>
          <Tag color={statement.closed ? 'success' : 'processing'}>
            {statement.closed ? t('ledger.finalTag') : t('ledger.openTag')}
          </Tag>
        </Space>
        <StatementDownloads statement={statement} />
      </Flex>
      <Typography.Text type="secondary">
        {statement.firstDay === statement.lastDay ? statement.firstDay : `${statement.firstDay} – ${statement.lastDay}`}
        {' · '}
        {statement.closed ? t('ledger.statementClosed') : t('ledger.statementOpen')}
      </Typography.Text>
      {shownAccounts(statement).map((account) => {
        const name = t(`ledger.statementAccounts.${account.type}`);
        return (
          <section key={account.type} aria-label={name} style={{ maxWidth: 760 }}>
            <Table<StatementRow>
              size="small"
              loading={loading}
              title={() => <strong>{name}</strong>}
              rowKey="key"
              pagination={false}
              dataSource={statementRows(t, account)}
              footer={account.lines.length === 0 ? () => t('ledger.noMovement') : undefined}
              columns={[
                {
                  key: 'item',
                  title: t('ledger.line'),
                  render: (_, row) => (row.total ? <strong>{row.item}</strong> : row.item),
                },
                {
                  key: 'items',
                  title: t('ledger.items'),
                  align: 'right',
                  width: 80,
                  render: (_, row) => row.items ?? '',
                },
                {
                  key: 'amount',
                  title: t('ledger.amount'),
                  align: 'right',
                  width: 130,
                  render: (_, row) => (row.total ? <strong>{money(row)}</strong> : money(row)),
                },
              ]}
            />
          </section>
        );
      })}
    </Flex>
  );
}
