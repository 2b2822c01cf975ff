import { ClearOutlined, FileSearchOutlined } from '@ant-design/icons';
import type { ListColumns } from '@water/contract/list-columns';
import { ERROR_LOG_COLUMNS, type ErrorLogRow, OPERATION_LOG_COLUMNS, type OperationLog } from '@water/contract/logs';
import { logsLocales } from '@water/contract/texts/monitor';
import { App, Button, Card, Form, Input, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useClearLog } from '../api/clear-log.ts';
import { LOG_ROUTES, type LogKind, useLogs } from '../api/get-logs.ts';
import { ErrorDetailDrawer } from './error-detail-drawer.tsx';
import { formatParams, RequestCell } from './request-cell.tsx';

addPageTexts('logs', logsLocales);

/** The filters of `GET /api/logs`, as the contract declares them. */
type LogFilters = ListFilters<'GET /api/logs'>;

const pre = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 } as const;

/**
 * The operation log or the error log: filtered by user, text and days (the last one whole),
 * each entry's request with its parameters, exported, and cleared by administrators.
 */
export function LogList({ kind }: { kind: LogKind }) {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListState<LogFilters>({ initialFilters: {} });
  const query = useLogs(kind, list.params);
  const clear = useClearLog();
  const [opened, setOpened] = useState<OperationLog>();
  const isError = kind === 'error';
  const seeded = useSeededText();

  const columns: DataColumn<OperationLog>[] = [
    ...declaredColumns<ErrorLogRow, ListColumns<ErrorLogRow>>(
      isError ? ERROR_LOG_COLUMNS : OPERATION_LOG_COLUMNS,
      t,
      i18n.language,
      {
        description: { render: (_, entry) => seeded(entry.description ?? '') },
        method: { ellipsis: false, render: (_, entry) => <RequestCell method={entry.method} /> },
        time: { align: 'right' },
      },
    ),
    ...(isError
      ? [
          {
            key: 'detail',
            title: t('logs.detail'),
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, entry: OperationLog) => (
              <Tooltip title={t('logs.detail')}>
                <Button
                  type="text"
                  size="small"
                  icon={<FileSearchOutlined aria-hidden />}
                  aria-label={t('logs.detailOf', { time: entry.createTime })}
                  onClick={(event) => {
                    event.stopPropagation();
                    setOpened(entry);
                  }}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const askToClear = () =>
    confirm({
      title: isError ? t('logs.clearErrorTitle') : t('logs.clearInfoTitle'),
      content: t('logs.clearContent'),
      okText: t('logs.clear'),
      onConfirm: async () => {
        await clear.mutateAsync(kind);
        message.success(t('logs.cleared'));
      },
    });

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle(isError ? 'Error log' : 'Operation log')} />
      <SearchBar<LogFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="username" label={t('logs.user')}>
          <Input placeholder={t('logs.userPlaceholder')} allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="blurry" label={t('logs.text')}>
          <Input placeholder={t('logs.textPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <CreatedBetween label={t('logs.timeRange')} />
      </SearchBar>
      <DataTable<OperationLog, LogFilters>
        tableId={isError ? 'error-log' : 'operation-log'}
        label={isError ? t('logs.errorLabel') : t('logs.operationLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(entry) => entry.id}
        exportTo={{ route: LOG_ROUTES[kind].download, name: isError ? 'error-log' : 'operation-log' }}
        actions={
          <Permission allow={['admin']}>
            <Button danger icon={<ClearOutlined aria-hidden />} onClick={askToClear}>
              {t('logs.clear')}
            </Button>
          </Permission>
        }
        tableProps={{
          expandable: {
            expandedRowRender: (entry) => {
              const params = formatParams(entry.params);
              return (
                <div style={{ maxWidth: 'min(900px, calc(100vw - 96px))' }}>
                  <Typography.Text strong>{t('logs.params')}</Typography.Text>
                  {params ? (
                    <pre style={pre}>{params}</pre>
                  ) : (
                    <div>
                      <Typography.Text type="secondary">{t('logs.noParams')}</Typography.Text>
                    </div>
                  )}
                </div>
              );
            },
          },
        }}
      />
      {isError && <ErrorDetailDrawer entry={opened} onClose={() => setOpened(undefined)} />}
    </Card>
  );
}
