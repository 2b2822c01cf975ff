import { AuditOutlined } from '@ant-design/icons';
import { AGENT_LEVELS, AGENT_PERMISSIONS, AGENT_STATUSES, type Agent, actionsFrom } from '@water/contract/agents';
import { agentsLocales } from '@water/contract/texts/agents';
import { Button, Card, Form, Input, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useAgents } from '../api/agents.ts';
import { AgentDetail, AGENT_STATUS_COLORS as STATUS_COLORS } from '../components/agent-detail.tsx';
import { AgentForm } from '../components/agent-form.tsx';
import { ReviewAgentForm } from '../components/review-agent-form.tsx';

addPageTexts('agents', agentsLocales);

/** The filters of `GET /api/agents`, as the contract declares them. */
type AgentFilters = ListFilters<'GET /api/agents'>;

/** `business/agent/index`: the agents in the user's reach, their terms and their review. */
export function AgentsPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<AgentFilters>({ initialFilters: {} });
  const query = useAgents(list.params);
  const dialog = useFormDialog<Agent>();
  const reviewing = useFormDialog<Agent>();
  const [shown, setShown] = useState<Agent>();

  const actions = useActionsColumn<Agent>({
    nameOf: (agent) => agent.name,
    edit: { allow: AGENT_PERMISSIONS.edit, onClick: dialog.openEdit },
    extra: {
      allow: [AGENT_PERMISSIONS.review],
      actions: (agent) => [
        {
          key: 'review',
          label: t('agents.review'),
          icon: <AuditOutlined aria-hidden />,
          allow: AGENT_PERMISSIONS.review,
          disabled: actionsFrom(agent.status).length === 0,
          onClick: () => reviewing.openEdit(agent),
        },
      ],
    },
    width: 100,
    fixed: 'right',
  });

  const columns: DataColumn<Agent>[] = [
    { key: 'code', title: t('agents.code'), dataIndex: 'code', sortField: 'code', width: 110, ellipsis: true },
    {
      key: 'name',
      title: t('agents.name'),
      dataIndex: 'name',
      sortField: 'name',
      width: 160,
      ellipsis: true,
      render: (_, agent) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-label={t('agents.details', { name: agent.name })}
          onClick={() => setShown(agent)}
        >
          {agent.name}
        </Button>
      ),
    },
    {
      key: 'level',
      title: t('agents.level'),
      dataIndex: 'level',
      sortField: 'level',
      width: 100,
      render: (_, agent) => t(`agents.levels.${agent.level}`),
    },
    {
      key: 'parent',
      title: t('agents.parent'),
      width: 130,
      ellipsis: true,
      render: (_, agent) =>
        agent.parentName ?? <Typography.Text type="secondary">{t('agents.topLevel')}</Typography.Text>,
    },
    {
      key: 'contact',
      title: t('agents.contact'),
      width: 140,
      render: (_, agent) => (
        <>
          {agent.contactName}
          <br />
          <Typography.Text type="secondary">{agent.contactPhone}</Typography.Text>
        </>
      ),
    },
    {
      key: 'commissionRate',
      title: t('agents.rate'),
      dataIndex: 'commissionRate',
      sortField: 'commissionRate',
      width: 110,
      align: 'right',
      render: (_, agent) => `${Number(agent.commissionRate)}%`,
    },
    {
      key: 'quota',
      title: t('agents.machines'),
      sortField: 'machineQuota',
      width: 130,
      render: (_, agent) => (
        <Progress
          size="small"
          percent={agent.machineQuota > 0 ? Math.round((agent.quotaUsed / agent.machineQuota) * 100) : 0}
          format={() => `${agent.quotaUsed} / ${agent.machineQuota}`}
          aria-label={t('agents.quotaOf', { used: agent.quotaUsed, quota: agent.machineQuota })}
        />
      ),
    },
    {
      key: 'online',
      title: t('agents.onlineRate'),
      width: 110,
      align: 'right',
      render: (_, agent) =>
        agent.operating > 0
          ? `${Math.round((agent.online / agent.operating) * 100)}% (${agent.online}/${agent.operating})`
          : '—',
    },
    {
      key: 'monthNet',
      title: t('agents.monthNet'),
      width: 130,
      align: 'right',
      render: (_, agent) => formatFen(agent.monthNet, i18n.language),
    },
    {
      key: 'region',
      title: t('agents.region'),
      dataIndex: 'region',
      width: 120,
      ellipsis: true,
      hiddenByDefault: true,
    },
    {
      key: 'contractEnd',
      title: t('agents.contractEnd'),
      dataIndex: 'contractEnd',
      width: 120,
      hiddenByDefault: true,
    },
    {
      key: 'status',
      title: t('agents.status'),
      dataIndex: 'status',
      sortField: 'status',
      width: 120,
      render: (_, agent) => <Tag color={STATUS_COLORS[agent.status]}>{t(`agents.statuses.${agent.status}`)}</Tag>,
    },
    {
      key: 'createTime',
      title: t('list.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      width: 170,
      hiddenByDefault: true,
    },
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Agents')} />
      <SearchBar<AgentFilters>
        onSearch={(values) =>
          list.search({ blurry: values.blurry?.trim() || undefined, level: values.level, status: values.status })
        }
        onReset={list.reset}
      >
        <Form.Item name="blurry" label={t('agents.search')}>
          <Input placeholder={t('agents.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="level" label={t('agents.level')}>
          <EnumSelect values={AGENT_LEVELS} labelOf={(value) => t(`agents.levels.${value}`)} width={130} />
        </Form.Item>
        <Form.Item name="status" label={t('agents.status')}>
          <EnumSelect values={AGENT_STATUSES} labelOf={(value) => t(`agents.statuses.${value}`)} width={140} />
        </Form.Item>
      </SearchBar>
      <DataTable<Agent, AgentFilters>
        tableId="agents"
        label={t('agents.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(agent) => agent.id}
        exportTo={{ route: 'GET /api/agents/download', name: 'agents' }}
        actions={<AddButton allow={AGENT_PERMISSIONS.add} onClick={dialog.openCreate} />}
      />
      <AgentForm dialog={dialog} />
      <ReviewAgentForm dialog={reviewing} />
      <AgentDetail agent={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
