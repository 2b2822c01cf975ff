import {
  CodeOutlined,
  EyeOutlined,
  HistoryOutlined,
  ImportOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { COMMAND_PERMISSIONS, type CommandBatch } from '@water/contract/commands';
import {
  DEVICE_PERMISSIONS,
  LIFECYCLES,
  type Lifecycle,
  MACHINE_COLUMNS,
  MACHINE_STATE_MACHINE,
  type Machine,
  type MachineEvent,
} from '@water/contract/machines';
import { allows } from '@water/contract/state-machine';
import { commandsLocales } from '@water/contract/texts/commands';
import { machinesLocales } from '@water/contract/texts/machines';
import { telemetryLocales } from '@water/contract/texts/telemetry';
import { Button, Card, Form, Input, InputNumber, Space, Tooltip, Typography } from 'antd';
import { type Key, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { EntitySelect } from '@/components/entity-select.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { type UrlFilterReaders, urlFilter, useUrlFilters } from '@/components/list/url-filters.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { MACHINE_MODELS } from '@/components/machines/machine-entities.ts';
import { OnlineBadge } from '@/components/machines/online-badge.tsx';
import { PageHeading } from '@/components/page-heading.tsx';
import { periodFigureCells } from '@/components/period-figures.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { SITES } from '@/components/sites/site-entities.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useDetailLink } from '@/lib/detail-link.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { printStickers } from '../api/machine-stickers.ts';
import { useMachines } from '../api/machines.ts';
import { AllocationHistory } from '../components/allocation-history.tsx';
import { CommandBatchProgress } from '../components/command-batch-progress.tsx';
import { CommandForm } from '../components/command-form.tsx';
import { LifecycleTag } from '../components/lifecycle-tag.tsx';
import { MachineStatusDrawer } from '../components/machine-status.tsx';
import { type MoveKind, MoveMachinesForm } from '../components/move-machines-form.tsx';
import { RegisterMachineForm } from '../components/register-machine-form.tsx';
import { useMachineActions } from '../components/use-machine-actions.tsx';

/** The sheet import (with antd's Upload) loads when first opened, not with the list. */
const ImportMachinesForm = lazy(() =>
  import('../components/import-machines-form.tsx').then((module) => ({ default: module.ImportMachinesForm })),
);

addPageTexts('machines', machinesLocales);
addPageTexts('commands', commandsLocales);
addPageTexts('telemetry', telemetryLocales);

/** Whether the machine's state table lets the event happen to it now. */
const lifecycleAllows = (machine: Machine, event: MachineEvent) =>
  allows(MACHINE_STATE_MACHINE, machine.lifecycle, event);

/** The filters of `GET /api/machines`, as the contract declares them. */
type MachineFilters = ListFilters<'GET /api/machines'>;

/** The search's choices of connection and of holder (the company's stock or an agent). */
const RUNTIMES = ['online', 'offline'] as const;
const HOLDERS = ['stock', 'agents'] as const;
const DRIFTS = ['true', 'false'] as const;

interface MachineSearch {
  blurry?: string;
  lifecycle?: Lifecycle;
  runtime?: (typeof RUNTIMES)[number];
  holder?: (typeof HOLDERS)[number];
  agentId?: number;
  siteId?: number;
  modelId?: number;
  noSalesHours?: number | null;
  drifting?: (typeof DRIFTS)[number];
}

/** The filters an address may give the list (the home page's "offline machines": `?lifecycle=OPERATING&online=false`). */
const URL_FILTERS: UrlFilterReaders<MachineFilters> = {
  lifecycle: urlFilter.oneOf(LIFECYCLES),
  online: urlFilter.flag,
  agentId: urlFilter.id,
  siteId: urlFilter.id,
  drifting: urlFilter.flag,
};

/** Which moves the chosen machines allow: allocation from stock, transfer and recall between agents. */
function movesFor(chosen: Machine[]): Record<MoveKind, boolean> {
  const all = (test: (machine: Machine) => boolean) => chosen.length > 0 && chosen.every(test);
  return {
    // The machine's state table decides what may move; stock is what no agent holds.
    allocate: all((machine) => lifecycleAllows(machine, 'ALLOCATE') && machine.agentId === null),
    transfer: all((machine) => lifecycleAllows(machine, 'TRANSFER') && machine.agentId !== null),
    recall: all((machine) => lifecycleAllows(machine, 'RECALL') && machine.agentId !== null),
  };
}

/** `business/machine/index`: the machines in the user's reach, registered, allocated and moved in batches. */
export function MachinesPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const can = usePermission();
  const connection = { online: t('machines.online'), offline: t('machines.offline') };
  const fromAddress = useUrlFilters(URL_FILTERS);
  const list = useListState<MachineFilters>({ initialFilters: fromAddress });
  const query = useMachines(list.params);
  const registering = useFormDialog<never>();
  const importing = useFormDialog<never>();
  const [chosen, setChosen] = useState<Machine[]>([]);
  const [moving, setMoving] = useState<{ kind?: MoveKind; session: number }>({ session: 0 });
  const [history, setHistory] = useState<Machine>();
  const detail = useDetailLink('machine');
  const machineActions = useMachineActions();
  const allowed = movesFor(chosen);
  const mayMove = can([DEVICE_PERMISSIONS.allocate]);
  const mayCommand = can([COMMAND_PERMISSIONS.command]);
  const [commanding, setCommanding] = useState({ open: false, session: 0 });
  const [batch, setBatch] = useState<CommandBatch>();

  const actions = useActionsColumn<Machine>({
    nameOf: (machine) => machine.serialNo,
    extra: {
      allow: [DEVICE_PERMISSIONS.list],
      actions: (machine) => [
        {
          key: 'details',
          label: t('machines.details'),
          icon: <EyeOutlined aria-hidden />,
          allow: DEVICE_PERMISSIONS.list,
          onClick: () => detail.open(machine.id),
        },
        {
          key: 'history',
          label: t('machines.history'),
          icon: <HistoryOutlined aria-hidden />,
          allow: DEVICE_PERMISSIONS.list,
          onClick: () => setHistory(machine),
        },
        ...machineActions.actionsOf(machine),
      ],
    },
    // Details, history, edit and at most two moves of its lifecycle.
    width: 164,
    fixed: 'right',
  });

  const columns: DataColumn<Machine>[] = [
    ...declaredColumns<Machine, typeof MACHINE_COLUMNS>(MACHINE_COLUMNS, t, i18n.language, {
      holder: {
        render: (_, machine) =>
          machine.agentName ?? <Typography.Text type="secondary">{t('machines.stock')}</Typography.Text>,
      },
      lifecycle: { render: (_, machine) => <LifecycleTag lifecycle={machine.lifecycle} /> },
      online: {
        render: (_, machine) => <OnlineBadge online={machine.online} words={connection} />,
      },
      lastHeartbeat: {
        render: (_, machine) =>
          machine.lastHeartbeat ?? <Typography.Text type="secondary">{t('machines.never')}</Typography.Text>,
      },
      settingsDriftSince: {
        render: (_, machine) =>
          machine.settingsDriftSince && <Typography.Text type="warning">{machine.settingsDriftSince}</Typography.Text>,
      },
      ...periodFigureCells<Machine>(),
    }),
    ...actions,
  ];

  const moveButton = (kind: MoveKind, icon: React.ReactNode) => (
    <Tooltip title={allowed[kind] ? undefined : t('machines.moveHint')}>
      <Button
        icon={icon}
        disabled={!allowed[kind]}
        onClick={() => setMoving((previous) => ({ kind, session: previous.session + 1 }))}
      >
        {t(`machines.move.${kind}`)}
        {chosen.length > 0 ? ` (${chosen.length})` : ''}
      </Button>
    </Tooltip>
  );

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Machines')} />
      <SearchBar<MachineSearch>
        initialValues={{
          lifecycle: fromAddress.lifecycle,
          runtime: fromAddress.online === undefined ? undefined : fromAddress.online ? 'online' : 'offline',
          agentId: fromAddress.agentId,
          siteId: fromAddress.siteId,
          drifting: fromAddress.drifting === undefined ? undefined : fromAddress.drifting ? 'true' : 'false',
        }}
        onSearch={(values) =>
          list.search({
            blurry: values.blurry,
            lifecycle: values.lifecycle,
            online: values.runtime === undefined ? undefined : values.runtime === 'online',
            inStock: values.holder === undefined ? undefined : values.holder === 'stock',
            agentId: values.agentId,
            siteId: values.siteId,
            modelId: values.modelId,
            noSalesHours: values.noSalesHours ?? undefined,
            drifting: values.drifting === undefined ? undefined : values.drifting === 'true',
          })
        }
        onReset={list.reset}
      >
        <Form.Item name="blurry" label={t('machines.search')}>
          <Input placeholder={t('machines.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="lifecycle" label={t('machines.lifecycle')}>
          <EnumSelect values={LIFECYCLES} labelOf={(value) => t(`machines.lifecycles.${value}`)} width={130} />
        </Form.Item>
        <Form.Item name="runtime" label={t('machines.runtime')}>
          <EnumSelect
            values={RUNTIMES}
            labelOf={(value) => connection[value]}
            placeholder={t('machines.all')}
            width={110}
          />
        </Form.Item>
        <Form.Item name="holder" label={t('machines.holder')}>
          <EnumSelect
            values={HOLDERS}
            labelOf={(value) => (value === 'stock' ? t('machines.stock') : t('machines.agent'))}
            placeholder={t('machines.all')}
            width={140}
          />
        </Form.Item>
        {/* The pickers' options load when one is first used, not with every visit to the page. */}
        <Form.Item name="agentId" label={t('machines.agent')}>
          <EntitySelect entity={ACTIVE_AGENTS} lazy allowClear placeholder={t('machines.all')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="siteId" label={t('machines.site')}>
          <EntitySelect entity={SITES} lazy allowClear placeholder={t('machines.all')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="modelId" label={t('machines.model')}>
          <EntitySelect
            entity={MACHINE_MODELS}
            lazy
            allowClear
            placeholder={t('machines.all')}
            style={{ width: 150 }}
          />
        </Form.Item>
        <Form.Item name="noSalesHours" label={t('machines.noSalesFor')}>
          <InputNumber min={1} max={720} precision={0} suffix={t('machines.hours')} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="drifting" label={t('machines.drifting')}>
          <EnumSelect
            values={DRIFTS}
            labelOf={(value) => t(`machines.driftings.${value}`)}
            placeholder={t('machines.all')}
            width={130}
          />
        </Form.Item>
      </SearchBar>
      <DataTable<Machine, MachineFilters>
        tableId="machines"
        label={t('machines.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(machine) => machine.id}
        exportTo={{ route: 'GET /api/machines/download', name: 'machines' }}
        tableProps={{
          // Everyone who sees the list may print stickers of the machines chosen.
          rowSelection: {
            selectedRowKeys: chosen.map((machine) => machine.id),
            onChange: (_keys: Key[], rows: Machine[]) => setChosen(rows),
            preserveSelectedRowKeys: false,
          },
        }}
        actions={
          <>
            <Permission allow={[DEVICE_PERMISSIONS.add]}>
              <Space size={8}>
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={registering.openCreate}>
                  {t('machines.register')}
                </Button>
                <Button icon={<ImportOutlined aria-hidden />} onClick={importing.openCreate}>
                  {t('machines.import')}
                </Button>
              </Space>
            </Permission>
            {mayMove && (
              <>
                {moveButton('allocate', <SendOutlined aria-hidden />)}
                {moveButton('transfer', <SwapOutlined aria-hidden />)}
                {moveButton('recall', <RollbackOutlined aria-hidden />)}
              </>
            )}
            <Button
              disabled={chosen.length === 0}
              onClick={() => void printStickers(chosen.map((machine) => machine.id)).catch(() => undefined)}
            >
              {t('machines.printStickers', { count: chosen.length })}
            </Button>
            {mayCommand && (
              <Button
                icon={<CodeOutlined aria-hidden />}
                disabled={chosen.length === 0}
                onClick={() => setCommanding((previous) => ({ open: true, session: previous.session + 1 }))}
              >
                {t('commands.sendChosen', { count: chosen.length })}
              </Button>
            )}
          </>
        }
      />
      <RegisterMachineForm dialog={registering} />
      {importing.session > 0 && (
        <Suspense fallback={null}>
          <ImportMachinesForm dialog={importing} />
        </Suspense>
      )}
      <MoveMachinesForm
        kind={moving.kind}
        machines={chosen}
        session={moving.session}
        onClose={() => setMoving((previous) => ({ ...previous, kind: undefined }))}
        onDone={() => setChosen([])}
      />
      <CommandForm
        open={commanding.open}
        session={commanding.session}
        machines={chosen}
        onClose={() => setCommanding((previous) => ({ ...previous, open: false }))}
        onBatch={(sent) => {
          setBatch(sent);
          setChosen([]);
        }}
      />
      <CommandBatchProgress batch={batch} onClose={() => setBatch(undefined)} />
      <AllocationHistory machine={history} onClose={() => setHistory(undefined)} />
      <MachineStatusDrawer
        machineId={detail.value}
        link={detail.value === undefined ? '' : detail.href(detail.value)}
        actionsOf={machineActions.actionsOf}
        onClose={detail.close}
      />
      {machineActions.dialogs}
    </Card>
  );
}
