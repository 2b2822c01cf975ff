import { WalletOutlined } from '@ant-design/icons';
import { type AgentBalance, WITHDRAWAL_PERMISSIONS } from '@water/contract/withdrawals';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useBalances } from '../api/withdrawals.ts';

/**
 * The balances of the agents an agent's staff look after (their own, and those beneath it): what
 * each may withdraw now, what is held while it is frozen, in transit and paid out so far; and the
 * request of a withdrawal.
 */
export function BalanceCards({ onRequest }: { onRequest: (agent: AgentBalance) => void }) {
  const { t, i18n } = useTranslation();
  const balances = useBalances();
  const money = (fen: AgentBalance['available']) => formatFen(fen, i18n.language);
  if (balances.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const agents = balances.data?.content ?? [];
  if (agents.length === 0) return <Empty description={t('withdrawals.noAgents')} />;
  return (
    <section aria-label={t('withdrawals.balancesLabel')}>
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {agents.map((agent) => (
          <Col key={agent.agentId} xs={24} lg={12} xxl={8}>
            <Card
              size="small"
              role="group"
              aria-label={t('withdrawals.balanceOf', { name: agent.agentName })}
              title={<span translate="no">{agent.agentName}</span>}
              extra={
                <Permission allow={[WITHDRAWAL_PERMISSIONS.add]}>
                  <Button
                    type="primary"
                    size="small"
                    icon={<WalletOutlined aria-hidden />}
                    disabled={agent.available <= 0 || !agent.settlementAccount}
                    onClick={() => onRequest(agent)}
                  >
                    {t('withdrawals.request')}
                  </Button>
                </Permission>
              }
            >
              <Row gutter={[8, 8]}>
                <Col xs={12} sm={6}>
                  <Statistic
                    title={t('withdrawals.available')}
                    value={money(agent.available)}
                    styles={{ content: { fontSize: 18, fontWeight: 600 } }}
                  />
                </Col>
                <Col xs={12} sm={6}>
                  <Statistic
                    title={t('withdrawals.held')}
                    value={money(agent.held)}
                    styles={{ content: { fontSize: 16 } }}
                  />
                </Col>
                <Col xs={12} sm={6}>
                  <Statistic
                    title={t('withdrawals.inTransit')}
                    value={money(agent.inTransit)}
                    styles={{ content: { fontSize: 16 } }}
                  />
                </Col>
                <Col xs={12} sm={6}>
                  <Statistic
                    title={t('withdrawals.paidOut')}
                    value={money(agent.paidOut)}
                    styles={{ content: { fontSize: 16 } }}
                  />
                </Col>
              </Row>
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} ellipsis>
                {t('withdrawals.accountIs', {
                  account: agent.settlementAccount ?? t('withdrawals.noSettlementAccount'),
                })}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
