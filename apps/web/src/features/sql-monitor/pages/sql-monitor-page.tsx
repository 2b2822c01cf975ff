import { ClearOutlined } from '@ant-design/icons';
import type { PageOf } from '@water/contract/common';
import type { StatementStats } from '@water/contract/logs';
import { sqlMonitorLocales } from '@water/contract/texts/sql-monitor';
import { App, Button, Card, Flex, Form, Input, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useStatements } from '../api/get-statements.ts';
import { useResetStatements } from '../api/reset-statements.ts';
import { selectStatements, slowestStatements } from '../components/select-statements.ts';

addPageTexts('sqlMonitor', sqlMonitorLocales);

interface SqlFilters {
  text?: string;
}

const figure = (key: keyof StatementStats, title: string, width = 120): DataColumn<StatementStats> => ({
  key,
  title,
  dataIndex: key,
  sortField: key,
  align: 'right',
  width,
});

/** `monitor/sql/index` (eladmin's `/druid`): every statement shape the server ran, with its figures. */
export function SqlMonitorPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListState<SqlFilters>({ initialFilters: {}, defaultSize: 20 });
  const all = useStatements().data;
  const { page, size, sort, filters } = list.state;
  const toPage = useCallback(
    (statements: StatementStats[]): PageOf<StatementStats> => {
      const selected = selectStatements(statements, filters.text, sort);
      return { content: selected.slice(page * size, (page + 1) * size), totalElements: selected.length };
    },
    [filters.text, sort, page, size],
  );
  const query = useStatements(toPage);
  const reset = useResetStatements();
  const slowest = useMemo(() => slowestStatements(all ?? []), [all]);

  const highlight = (row: StatementStats) =>
    slowest.has(row.sql) ? { style: { background: token.colorWarningBg } } : {};
  const columns: DataColumn<StatementStats>[] = (
    [
      {
        key: 'sql',
        title: t('sqlMonitor.text'),
        dataIndex: 'sql',
        sortField: 'sql',
        render: (_, row) => (
          <Flex gap={4} align="start">
            {slowest.has(row.sql) && (
              <Tooltip title={t('sqlMonitor.slowHint')}>
                <Tag color="warning" style={{ marginInlineEnd: 0, flexShrink: 0 }}>
                  {t('sqlMonitor.slow')}
                </Tag>
              </Tooltip>
            )}
            <Typography.Paragraph
              code
              style={{ margin: 0, maxWidth: 380, minWidth: 200 }}
              ellipsis={{ rows: 2, tooltip: { title: row.sql, styles: { root: { maxWidth: 640 } } } }}
            >
              {row.sql}
            </Typography.Paragraph>
          </Flex>
        ),
      },
      figure('count', t('sqlMonitor.count'), 90),
      figure('totalMs', t('sqlMonitor.totalMs'), 110),
      figure('avgMs', t('sqlMonitor.avgMs'), 110),
      figure('maxMs', t('sqlMonitor.maxMs'), 110),
      figure('rows', t('sqlMonitor.rows'), 80),
      {
        ...figure('errors', t('sqlMonitor.errors'), 80),
        render: (_, row) =>
          row.errors > 0 ? (
            <Tooltip title={t('sqlMonitor.lastError', { message: row.lastError ?? '' })}>
              <Typography.Text type="danger">{row.errors}</Typography.Text>
            </Tooltip>
          ) : (
            0
          ),
      },
      { key: 'lastSeen', title: t('sqlMonitor.lastSeen'), dataIndex: 'lastSeen', sortField: 'lastSeen', width: 170 },
    ] as DataColumn<StatementStats>[]
  ).map((column) => ({ ...column, onCell: highlight }));

  const askReset = () =>
    confirm({
      title: t('sqlMonitor.resetTitle'),
      content: t('sqlMonitor.resetWarning'),
      okText: t('sqlMonitor.reset'),
      onConfirm: async () => {
        await reset.mutateAsync();
        list.changePage(0, list.state.size);
        void message.success(t('sqlMonitor.resetDone'));
      },
    });

  const runs = (all ?? []).reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('SQL')} />
      <SearchBar<SqlFilters> onSearch={(values) => list.search({ text: values.text })} onReset={list.reset}>
        <Form.Item name="text" label={t('sqlMonitor.text')}>
          <Input placeholder={t('sqlMonitor.textPlaceholder')} allowClear style={{ width: 220 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<StatementStats, SqlFilters>
        tableId="sql-statements"
        label={t('sqlMonitor.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.sql}
        actions={
          <Space wrap>
            <Button danger icon={<ClearOutlined aria-hidden />} onClick={askReset} disabled={!all?.length}>
              {t('sqlMonitor.reset')}
            </Button>
            {all && (
              <Typography.Text type="secondary">
                {t('sqlMonitor.summary', { statements: all.length, runs })}
              </Typography.Text>
            )}
          </Space>
        }
      />
    </Card>
  );
}
