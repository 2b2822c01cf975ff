import type { SlaClock } from '@water/contract/sla';
import { Descriptions, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useWorkOrderSla } from '../api/work-order-sla.ts';

/** Minutes as hours and minutes, in the reader's language. */
const durationOf = (t: TFunction, minutes: number) =>
  t('sla.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

/** Where a clock stands: met or missed once stopped; else time left (and when it is due) or overdue. */
function ClockState({ clock, paused }: { clock: SlaClock; paused: boolean }) {
  const { t } = useTranslation();
  const counted = durationOf(t, clock.elapsedMinutes);
  if (clock.stopped) {
    return clock.breached ? (
      <Tag color="error">{t('sla.missed', { time: counted })}</Tag>
    ) : (
      <Tag color="success">{t('sla.met', { time: counted })}</Tag>
    );
  }
  if (clock.breached) {
    return (
      <Tag color="error">{t('sla.overdue', { time: durationOf(t, clock.elapsedMinutes - clock.targetMinutes) })}</Tag>
    );
  }
  const left = t('sla.left', { time: durationOf(t, clock.targetMinutes - clock.elapsedMinutes) });
  return (
    <span>
      <Tag color={paused ? 'default' : 'processing'}>{left}</Tag>
      {clock.due ? <span>{t('sla.due', { time: clock.due })}</span> : null}
    </span>
  );
}

/** An order's SLA on its detail: the response and resolution clocks, and whether they are paused. */
export function WorkOrderSla({ id }: { id: number }) {
  const { t } = useTranslation();
  const sla = useWorkOrderSla(id).data;
  if (!sla) return null;
  return (
    <Descriptions
      title={t('sla.sla')}
      column={1}
      size="small"
      style={{ marginTop: 16 }}
      items={[
        {
          key: 'response',
          label: t('sla.response'),
          children: <ClockState clock={sla.response} paused={sla.paused} />,
        },
        {
          key: 'resolution',
          label: t('sla.resolution'),
          children: <ClockState clock={sla.resolution} paused={sla.paused} />,
        },
        ...(sla.paused ? [{ key: 'paused', label: t('sla.sla'), children: <Tag>{t('sla.paused')}</Tag> }] : []),
      ]}
    />
  );
}
