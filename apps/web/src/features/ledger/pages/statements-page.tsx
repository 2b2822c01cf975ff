import { ledgerLocales } from '@water/contract/texts/ledger';
import { ordersLocales } from '@water/contract/texts/orders';
import { Alert, Card, Empty, Flex, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UrlFilterReaders, urlFilter, useUrlFilters } from '@/components/list/url-filters.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { toApiError } from '@/lib/api-error.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useStatement } from '../api/statement.ts';
import { useStatementAgents } from '../api/statement-agents.ts';
import { AgentBalances, AgentChoice } from '../components/agent-balances.tsx';
import { type PeriodChoice, PeriodPicker, periodFromText, periodText } from '../components/period-picker.tsx';
import { StatementFigures } from '../components/statement-figures.tsx';
import { StatementOrders } from '../components/statement-orders.tsx';

addPageTexts('ledger', ledgerLocales);
// The orders behind a statement name their channels and states.
addPageTexts('orders', ordersLocales);

/** What an address may choose (`?agentId=3&period=2026-11`), e.g. a link from another page. */
const URL_CHOICE: UrlFilterReaders<{ agentId: number; period: string }> = {
  agentId: urlFilter.id,
  period: (values) => (periodFromText(values[0]) ? values[0] : undefined),
};

/**
 * `finance/statement/index`: an agent's commission statement of a month or a day, with its
 * balances now, its Excel and PDF, and the orders behind it. Finance chooses among every agent;
 * an agent's staff see their own (chosen for them when there is only one).
 */
export function StatementsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const fromAddress = useUrlFilters(URL_CHOICE);
  const agents = useStatementAgents();
  const [chosen, setChosen] = useState<number | undefined>(fromAddress.agentId);
  const [period, setPeriod] = useState<PeriodChoice>(
    () => periodFromText(fromAddress.period) ?? { kind: 'MONTH', date: dayjs() },
  );
  const list = agents.data ?? [];
  // An agent's staff usually see one agent: theirs, chosen for them.
  const agentId = chosen ?? (list.length === 1 ? list[0]?.agentId : undefined);
  const agent = list.find((candidate) => candidate.agentId === agentId);
  const statement = useStatement(agent?.agentId, periodText(period));
  const failure = statement.error ? toApiError(statement.error) : undefined;

  let body: ReactNode;
  if (agents.isPending) body = <Skeleton active />;
  else if (agents.isError) body = <Alert type="error" showIcon title={t('list.loadFailed')} />;
  else if (list.length === 0) body = <Empty description={t('ledger.noAgents')} />;
  else if (!agent) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ledger.chooseAgent')} />;
  else {
    body = (
      <Flex vertical gap={24}>
        <AgentBalances agent={agent} />
        {failure && !statement.data ? (
          <Alert type="error" showIcon title={failure.message} />
        ) : statement.data ? (
          <StatementFigures statement={statement.data} loading={statement.isFetching} />
        ) : (
          <Skeleton active />
        )}
        <StatementOrders agentId={agent.agentId} period={periodText(period)} />
      </Flex>
    );
  }
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Statements')} />
      <Flex vertical gap={16}>
        {list.length > 0 && (
          <Flex wrap gap={12} align="center" role="group" aria-label={t('ledger.chooseAgent')}>
            <AgentChoice agents={list} value={agentId} onChange={setChosen} />
            <PeriodPicker value={period} onChange={setPeriod} />
          </Flex>
        )}
        {body}
      </Flex>
    </Card>
  );
}
