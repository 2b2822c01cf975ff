import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import {
  ALARM_COLUMNS,
  ALARM_PERMISSIONS,
  ALARM_STATE_MACHINE,
  ALARM_STATES,
  ALARM_TYPES,
  type Alarm,
} from '@water/contract/alarms';
import { allows } from '@water/contract/state-machine';
import { alarmsLocales } from '@water/contract/texts/alarms';
import { App, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import type { Key } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useAlarms, useHandleAlarms } from '../api/alarms.ts';
import { AlarmReports } from '../components/alarm-reports.tsx';

addPageTexts('alarms', alarmsLocales);

/** The filters of `GET /api/alarms`, as the contract declares them. */
type AlarmFilters = ListFilters<'GET /api/alarms'>;

type Show = 'unresolved' | Alarm['state'] | 'all';
interface AlarmSearch {
  blurry?: string;
  type?: Alarm['type'];
  show?: Show;
}

const STATE_COLORS = { OPEN: 'error', ACKNOWLEDGED: 'warning', RESOLVED: 'success' } as const;

/** `business/alarm/index`: the alarms of the machines in reach, the unresolved first in view; acknowledge or resolve. */
export function AlarmsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const menuTitle = useMenuTitle();
  const confirm = useConfirm();
  const can = usePermission();
  const list = useListState<AlarmFilters>({ initialFilters: { unresolved: true } });
  const query = useAlarms(list.params);
  const handle = useHandleAlarms();
  const [chosen, setChosen] = useState<Alarm[]>([]);
  const mayHandle = can([ALARM_PERMISSIONS.edit]);
  const open = chosen.filter((alarm) => allows(ALARM_STATE_MACHINE, alarm.state, 'RESOLVE'));
  const act = async (action: 'ACKNOWLEDGE' | 'RESOLVE', alarms: Alarm[]) => {
    await handle.mutateAsync({ action, ids: alarms.map((alarm) => alarm.id) });
    message.success(t(action === 'RESOLVE' ? 'alarms.resolved' : 'alarms.acknowledged'));
    setChosen([]);
  };
  const columns: DataColumn<Alarm>[] = declaredColumns<Alarm, typeof ALARM_COLUMNS>(ALARM_COLUMNS, t, i18n.language, {
    state: {
      render: (_, alarm) => <Tag color={STATE_COLORS[alarm.state]}>{t(`alarms.states.${alarm.state}`)}</Tag>,
    },
    count: { align: 'right' },
  });
  const toFilters = (values: AlarmSearch): AlarmFilters => {
    const show = values.show ?? 'unresolved';
    return {
      blurry: values.blurry,
      type: values.type,
      ...(show === 'unresolved' ? { unresolved: true } : show === 'all' ? {} : { state: show }),
    };
  };
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Alarms')} />
      <SearchBar<AlarmSearch>
        initialValues={{ show: 'unresolved' }}
        onSearch={(values) => list.search(toFilters(values))}
        onReset={list.reset}
      >
        <Form.Item name="blurry" label={t('alarms.search')}>
          <Input placeholder={t('alarms.searchPlaceholder')} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="type" label={t('alarms.type')}>
          <EnumSelect values={ALARM_TYPES} labelOf={(value) => t(`alarms.types.${value}`)} width={190} />
        </Form.Item>
        <Form.Item name="show" label={t('alarms.show')}>
          <Select
            style={{ width: 130 }}
            options={(['unresolved', ...ALARM_STATES, 'all'] as const).map((value) => ({
              value,
              label: t(`alarms.shows.${value}`),
            }))}
          />
        </Form.Item>
      </SearchBar>
      <DataTable<Alarm, AlarmFilters>
        tableId="alarms"
        label={t('alarms.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(alarm) => alarm.id}
        exportTo={{ route: 'GET /api/alarms/download', name: 'alarms' }}
        tableProps={{
          // A consumer's report opens to the reports it gathers (and the order one names).
          expandable: {
            rowExpandable: (alarm: Alarm) => alarm.type === 'CONSUMER_REPORT',
            expandedRowRender: (alarm: Alarm) => <AlarmReports alarmId={alarm.id} />,
          },
          ...(mayHandle
            ? {
                rowSelection: {
                  selectedRowKeys: chosen.map((alarm) => alarm.id),
                  onChange: (_keys: Key[], rows: Alarm[]) => setChosen(rows),
                  getCheckboxProps: (alarm: Alarm) => ({
                    disabled: !allows(ALARM_STATE_MACHINE, alarm.state, 'RESOLVE'),
                  }),
                  preserveSelectedRowKeys: false,
                },
              }
            : {}),
        }}
        actions={
          <Permission allow={[ALARM_PERMISSIONS.edit]}>
            <Space size={8}>
              <Button
                icon={<EyeOutlined aria-hidden />}
                disabled={open.filter((alarm) => alarm.state === 'OPEN').length === 0}
                loading={handle.isPending}
                onClick={() =>
                  void act(
                    'ACKNOWLEDGE',
                    open.filter((alarm) => alarm.state === 'OPEN'),
                  ).catch(() => undefined)
                }
              >
                {t('alarms.acknowledgeChosen', { count: open.filter((alarm) => alarm.state === 'OPEN').length })}
              </Button>
              <Button
                icon={<CheckOutlined aria-hidden />}
                disabled={open.length === 0}
                onClick={() =>
                  confirm({
                    title: t('alarms.resolveConfirm', { count: open.length }),
                    content: t('alarms.resolveWarning'),
                    okText: t('alarms.resolve'),
                    danger: false,
                    onConfirm: () => act('RESOLVE', open),
                  })
                }
              >
                {t('alarms.resolveChosen', { count: open.length })}
              </Button>
            </Space>
          </Permission>
        }
      />
    </Card>
  );
}
