import type { MachineStatus } from '@water/contract/machines';
import { asFen, type Fen } from '@water/contract/money';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnlineBadge } from '@/components/machines/online-badge.tsx';
import { formatFen } from '@/lib/format/money.ts';

/** What a machine is and where it stands, what it last reported, and what it sells at now. */
export function MachineRuntime({ status }: { status: MachineStatus }) {
  const { t, i18n } = useTranslation();
  const { machine, runtime, prices } = status;
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const none = '—';
  const yesNo = (value: boolean | null) => (value === null ? none : t(value ? 'machines.yes' : 'machines.no'));
  return (
    <>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'holder', label: t('machines.holder'), children: machine.agentName ?? t('machines.stock') },
          { key: 'site', label: t('machines.site'), children: status.siteName ?? none },
          { key: 'model', label: t('machines.model'), children: machine.modelName },
          { key: 'sticker', label: t('machines.stickerCode'), children: machine.stickerCode },
          {
            key: 'online',
            label: t('machines.runtime'),
            children: (
              <OnlineBadge
                online={runtime.online}
                words={{ online: t('machines.online'), offline: t('machines.offline') }}
              />
            ),
          },
          { key: 'heartbeat', label: t('machines.lastHeartbeat'), children: runtime.lastHeartbeat ?? none },
          { key: 'signal', label: t('machines.signal'), children: runtime.signal ?? none },
          {
            key: 'temperature',
            label: t('machines.temperature'),
            children: runtime.temperature === null ? none : `${runtime.temperature} °C`,
          },
          {
            key: 'tds',
            label: t('machines.tds'),
            children: `${runtime.tdsIn ?? none} / ${runtime.tdsOut ?? none} ppm`,
          },
          {
            key: 'tank',
            label: t('machines.tank'),
            children: runtime.tankLevel === null ? none : `${runtime.tankLevel}%`,
          },
          { key: 'making', label: t('machines.makingWater'), children: yesNo(runtime.makingWater) },
          {
            key: 'door',
            label: t('machines.door'),
            children:
              runtime.doorOpen === null
                ? none
                : t(runtime.doorOpen ? 'machines.doorStates.open' : 'machines.doorStates.closed'),
          },
          {
            key: 'faults',
            label: t('machines.faults'),
            children:
              runtime.faults.length === 0
                ? t('machines.noFaults')
                : runtime.faults.map((fault) => (
                    <Tag key={fault} color="error">
                      {fault}
                    </Tag>
                  )),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('machines.pricesTitle')}
      </Typography.Title>
      {prices ? (
        <>
          <Descriptions
            column={{ xs: 2, sm: 3 }}
            size="small"
            items={[
              ...(['WECHAT', 'ALIPAY', 'CARD', 'COIN'] as const).map((channel) => ({
                key: channel,
                label: t(`machines.channels.${channel}`),
                children: money(prices[channel] ?? asFen(0)),
              })),
              {
                key: 'member',
                label: t('machines.memberPrice'),
                children: prices.memberPrice === null ? none : money(prices.memberPrice),
              },
              { key: 'discount', label: t('machines.discount'), children: `${prices.discountPct}%` },
            ]}
          />
          {machine.lifecycle !== 'OPERATING' && (
            <Typography.Text type="secondary">
              {t('machines.notOperating', { state: t(`machines.lifecycles.${machine.lifecycle}`) })}
            </Typography.Text>
          )}
        </>
      ) : (
        <Alert type="warning" showIcon title={t('machines.noPrices')} />
      )}
    </>
  );
}
