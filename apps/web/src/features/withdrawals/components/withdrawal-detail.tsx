import type { WithdrawalStep } from '@water/contract/withdrawals';
import { Descriptions, Drawer, Result, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '@/components/change-history/change-history.tsx';
import { Permission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useWithdrawal } from '../api/withdrawals.ts';
import { WithdrawalStateTag } from './withdrawal-state-tag.tsx';

const STEP_COLORS: Record<WithdrawalStep, string> = {
  REQUEST: 'blue',
  APPROVE: 'cyan',
  REJECT: 'gray',
  PAY: 'green',
  FAIL: 'red',
};

/** One withdrawal in a drawer: its amounts and account, and the timeline of its states, who moved it and when. */
export function WithdrawalDetail({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useWithdrawal(id);
  const withdrawal = query.data;
  const dash = (value: string | null) => value ?? '—';
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={t('withdrawals.detailTitle', { withdrawalNo: withdrawal?.withdrawalNo ?? '' })}
      size="min(560px, 100vw)"
      destroyOnHidden
    >
      {query.isError ? (
        <Result status="warning" title={t('withdrawals.notFound', { id })} />
      ) : !withdrawal ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            items={[
              {
                key: 'state',
                label: t('withdrawals.state'),
                children: <WithdrawalStateTag state={withdrawal.state} />,
              },
              { key: 'agent', label: t('withdrawals.agent'), children: withdrawal.agentName },
              { key: 'amount', label: t('withdrawals.amount'), children: formatFen(withdrawal.amount, i18n.language) },
              { key: 'fee', label: t('withdrawals.fee'), children: formatFen(withdrawal.fee, i18n.language) },
              {
                key: 'net',
                label: t('withdrawals.net'),
                children: <Typography.Text strong>{formatFen(withdrawal.net, i18n.language)}</Typography.Text>,
              },
              { key: 'payoutRef', label: t('withdrawals.payoutRef'), children: dash(withdrawal.payoutRef) },
              {
                key: 'account',
                label: t('withdrawals.settlementAccount'),
                span: 2,
                children: withdrawal.settlementAccount,
              },
              { key: 'note', label: t('withdrawals.note'), span: 2, children: dash(withdrawal.note) },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('withdrawals.timeline')}
          </Typography.Title>
          <Timeline
            items={withdrawal.timeline.map((step, index) => ({
              key: index,
              color: STEP_COLORS[step.step],
              content: (
                <>
                  <Typography.Text strong>{t(`withdrawals.steps.${step.step}`)}</Typography.Text>
                  {' · '}
                  {step.by}
                  <br />
                  <Typography.Text type="secondary">{step.time}</Typography.Text>
                  {(step.note || step.reference) && (
                    <div>
                      {[step.reference && `${t('withdrawals.payoutRef')} ${step.reference}`, step.note]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  )}
                </>
              ),
            }))}
          />
          <Permission allow={['audit:list']}>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              {t('audit.history')}
            </Typography.Title>
            <ChangeHistory recordType="withdrawal" recordId={withdrawal.id} />
          </Permission>
        </>
      )}
    </Drawer>
  );
}
