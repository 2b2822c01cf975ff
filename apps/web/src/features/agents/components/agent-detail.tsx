import type { Agent, AgentStatus } from '@water/contract/agents';
import type { Machine } from '@water/contract/machines';
import type { Site } from '@water/contract/sites';
import { machinesLocales } from '@water/contract/texts/machines';
import { sitesLocales } from '@water/contract/texts/sites';
import { Col, Descriptions, Drawer, Row, Statistic, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history/change-history.tsx';
import { DetailTable } from '@/components/list/detail-table.tsx';
import { OnlineBadge } from '@/components/machines/online-badge.tsx';
import { PeriodFiguresCell } from '@/components/period-figures.tsx';
import { usePermission } from '@/components/permission.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useAgentHoldings } from '../api/agents.ts';

addPageTexts('machines', machinesLocales);
addPageTexts('sites', sitesLocales);

/** The colour of each status's tag, on the list and in the details. */
export const AGENT_STATUS_COLORS: Record<AgentStatus, string> = {
  PENDING_REVIEW: 'processing',
  ACTIVE: 'success',
  FROZEN: 'warning',
  TERMINATED: 'default',
};

/** One agent in a drawer: its terms and contract, its figures, and the machines, sites and agents it holds. */
export function AgentDetail({ agent, onClose }: { agent?: Agent; onClose: () => void }) {
  const { t } = useTranslation();
  const holdings = useAgentHoldings(agent);
  const can = usePermission();
  const dash = (value: string | null | undefined) => value || '—';
  const total = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);
  const connection = { online: t('machines.online'), offline: t('machines.offline') };
  return (
    <Drawer
      open={agent !== undefined}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      title={agent && t('agents.detailTitle', { name: agent.name })}
      extra={agent && <Tag color={AGENT_STATUS_COLORS[agent.status]}>{t(`agents.statuses.${agent.status}`)}</Tag>}
    >
      {agent && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={12}>
              <Statistic title={t('agents.operating')} value={agent.operating} suffix={`/ ${agent.machineQuota}`} />
            </Col>
            <Col span={12}>
              <Statistic title={t('agents.onlineRate')} value={`${agent.online} / ${agent.operating}`} />
            </Col>
          </Row>
          {/* Labels above their figures: beside them, three long labels leave the figures no width. */}
          <Descriptions size="small" layout="vertical" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
            {(['today', 'week', 'month'] as const).map((of) => (
              <Descriptions.Item key={of} label={t(`figures.${of}Net`)}>
                <PeriodFiguresCell row={agent} of={of} />
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('agents.code')}>{agent.code}</Descriptions.Item>
            <Descriptions.Item label={t('agents.level')}>{t(`agents.levels.${agent.level}`)}</Descriptions.Item>
            <Descriptions.Item label={t('agents.parent')}>{agent.parentName ?? t('agents.topLevel')}</Descriptions.Item>
            <Descriptions.Item label={t('agents.region')}>{dash(agent.region)}</Descriptions.Item>
            <Descriptions.Item label={t('agents.contact')}>
              {agent.contactName} · {agent.contactPhone}
            </Descriptions.Item>
            <Descriptions.Item label={t('agents.commissionRate')}>{agent.commissionRate}%</Descriptions.Item>
            <Descriptions.Item label={t('agents.machineQuota')}>
              {t('agents.quotaOf', { used: agent.quotaUsed, quota: agent.machineQuota })}
            </Descriptions.Item>
            <Descriptions.Item label={t('agents.settlementAccount')}>{dash(agent.settlementAccount)}</Descriptions.Item>
            <Descriptions.Item label={t('agents.contract')}>
              {agent.contractStart || agent.contractEnd
                ? `${dash(agent.contractStart)} – ${dash(agent.contractEnd)}`
                : t('agents.noContract')}
            </Descriptions.Item>
            <Descriptions.Item label={t('agents.reviewedBy')}>
              {agent.reviewedBy ? `${agent.reviewedBy} · ${agent.reviewTime}` : '—'}
              {agent.reviewNote && <div>{agent.reviewNote}</div>}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'machines',
                label: `${t('agents.machines')}${total(holdings.machines.data?.totalElements)}`,
                children: (
                  <DetailTable<Machine>
                    query={holdings.machines}
                    columns={[
                      { key: 'serialNo', title: t('machines.serialNo'), dataIndex: 'serialNo' },
                      { key: 'model', title: t('machines.model'), dataIndex: 'modelName' },
                      {
                        key: 'lifecycle',
                        title: t('machines.lifecycle'),
                        render: (_, machine) => t(`machines.lifecycles.${machine.lifecycle}`),
                      },
                      {
                        key: 'online',
                        title: t('machines.runtime'),
                        render: (_, machine) => <OnlineBadge online={machine.online} words={connection} />,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'sites',
                label: `${t('agents.sites')}${total(holdings.sites.data?.totalElements)}`,
                children: (
                  <DetailTable<Site>
                    query={holdings.sites}
                    columns={[
                      { key: 'name', title: t('sites.name'), dataIndex: 'name' },
                      { key: 'address', title: t('sites.address'), dataIndex: 'address', ellipsis: true },
                      { key: 'machines', title: t('agents.machines'), dataIndex: 'machines', align: 'right' },
                      {
                        key: 'status',
                        title: t('sites.status'),
                        render: (_, site) => t(`sites.statuses.${site.status}`),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'children',
                label: `${t('agents.beneath')}${total(holdings.children.data?.totalElements)}`,
                children: (
                  <DetailTable<Agent>
                    query={holdings.children}
                    columns={[
                      { key: 'code', title: t('agents.code'), dataIndex: 'code' },
                      { key: 'name', title: t('agents.name'), dataIndex: 'name' },
                      {
                        key: 'level',
                        title: t('agents.level'),
                        render: (_, child) => t(`agents.levels.${child.level}`),
                      },
                      {
                        key: 'rate',
                        title: t('agents.commissionRate'),
                        render: (_, child) => `${child.commissionRate}%`,
                      },
                      {
                        key: 'status',
                        title: t('agents.status'),
                        render: (_, child) => (
                          <Tag color={AGENT_STATUS_COLORS[child.status]}>{t(`agents.statuses.${child.status}`)}</Tag>
                        ),
                      },
                    ]}
                  />
                ),
              },
              ...(can(['audit:list'])
                ? [
                    {
                      key: 'history',
                      label: t('audit.history'),
                      children: <ChangeHistory recordType="agent" recordId={agent.id} />,
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
