import { AuditOutlined } from '@ant-design/icons';
import {
  AGENT_COLUMNS,
  AGENT_LEVELS,
  AGENT_PERMISSIONS,
  AGENT_STATUSES,
  type Agent,
  actionsFrom,
} from '@water/contract/agents';
import { agentsLocales } from '@water/contract/texts/agents';
import { Card, Form, Input, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { NameCell } from '@/components/list/name-cell.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { periodFigureCells } from '@/components/period-figures.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
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
    ...declaredColumns<Agent, typeof AGENT_COLUMNS>(AGENT_COLUMNS, t, i18n.language, {
      // The agent, and beneath it the agent it belongs to (none for a top-level one).
      name: {
        ellipsis: false,
        render: (_, agent) => (
          <NameCell
            name={agent.name}
            label={t('agents.details', { name: agent.name })}
            onOpen={() => setShown(agent)}
            note={agent.parentName && t('agents.beneathParent', { name: agent.parentName })}
          />
        ),
      },
      contact: {
        ellipsis: false,
        render: (_, agent) => (
          <>
            {agent.contactName}
            <br />
            <Typography.Text type="secondary">{agent.contactPhone}</Typography.Text>
          </>
        ),
      },
      commissionRate: { render: (_, agent) => `${Number(agent.commissionRate)}%` },
      quota: {
        ellipsis: false,
        // Sorted by the quota: the bar shows the machines held against it.
        sortField: 'machineQuota',
        // The machines it holds against its quota, and beneath them how many of those at work are online.
        render: (_, agent) => (
          <>
            <Progress
              size="small"
              percent={agent.machineQuota > 0 ? Math.round((agent.quotaUsed / agent.machineQuota) * 100) : 0}
              format={() => `${agent.quotaUsed} / ${agent.machineQuota}`}
              aria-label={t('agents.quotaOf', { used: agent.quotaUsed, quota: agent.machineQuota })}
            />
            {agent.operating > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {t('agents.onlineOf', {
                  percent: Math.round((agent.online / agent.operating) * 100),
                  online: agent.online,
                  operating: agent.operating,
                })}
              </Typography.Text>
            )}
          </>
        ),
      },
      status: {
        render: (_, agent) => <Tag color={STATUS_COLORS[agent.status]}>{t(`agents.statuses.${agent.status}`)}</Tag>,
      },
      ...periodFigureCells<Agent>(),
    }),
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Agents')} />
      <SearchBar<AgentFilters> onSearch={list.search} onReset={list.reset}>
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
        cardTitle="name"
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
