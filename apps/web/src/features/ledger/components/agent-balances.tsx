import type { AgentBalance } from '@water/contract/ledger';
import { Col, Flex, Row, Select, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '@/lib/format/money.ts';

/** Chooses one of the agents in reach; each option shows what the agent may withdraw now. */
export function AgentChoice({
  agents,
  value,
  onChange,
}: {
  agents: readonly AgentBalance[];
  value: number | undefined;
  onChange: (agentId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const byId = new Map(agents.map((agent) => [agent.agentId, agent]));
  return (
    <Select<number>
      aria-label={t('ledger.agent')}
      placeholder={t('ledger.chooseAgent')}
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 280, maxWidth: '100%' }}
      options={agents.map((agent) => ({ value: agent.agentId, label: agent.agentName }))}
      optionRender={(option) => {
        const agent = byId.get(option.value as number);
        return (
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis>{option.label}</Typography.Text>
            {agent && <Typography.Text type="secondary">{formatFen(agent.available, i18n.language)}</Typography.Text>}
          </Flex>
        );
      }}
    />
  );
}

/** What the platform owes the agent now: available to withdraw, and held while it was frozen. */
export function AgentBalances({ agent }: { agent: AgentBalance }) {
  const { t, i18n } = useTranslation();
  return (
    <Row gutter={[16, 8]} role="group" aria-label={agent.agentName}>
      <Col xs={12} md={6}>
        <Statistic title={t('ledger.available')} value={formatFen(agent.available, i18n.language)} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('ledger.held')} value={formatFen(agent.held, i18n.language)} />
      </Col>
    </Row>
  );
}
