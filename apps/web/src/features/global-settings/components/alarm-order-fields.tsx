import { ORDERABLE_ALARM_TYPES } from '@water/contract/alarm-order-delays';
import { alarmsLocales } from '@water/contract/texts/alarms';
import { Divider, Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '@/lib/i18n-pages.ts';

addPageTexts('alarms', alarmsLocales);

/** The delays offered, in seconds: within the minute the field work promises, and longer for the patient. */
const DELAYS = [0, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** How long each type of alarm waits before it becomes a repair order, or that it never does. */
export function AlarmOrderFields() {
  const { t } = useTranslation();
  const options = [
    ...DELAYS.map((seconds) => ({
      value: seconds,
      label:
        seconds === 0
          ? t('globalSettings.alarmOrderAtOnce')
          : seconds < 60
            ? t('globalSettings.alarmOrderSeconds', { count: seconds })
            : t('globalSettings.alarmOrderMinutes', { count: seconds / 60 }),
    })),
    { value: 'NEVER', label: t('globalSettings.alarmOrderNever') },
  ];
  return (
    <>
      <Divider />
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
        {t('globalSettings.alarmOrders')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('globalSettings.alarmOrdersHelp')}</Typography.Paragraph>
      <Flex wrap gap="0 16px">
        {ORDERABLE_ALARM_TYPES.map((type) => (
          <Form.Item key={type} name={['alarmOrderDelays', type]} label={t(`alarms.types.${type}`)}>
            <Select options={options} style={{ width: 160 }} />
          </Form.Item>
        ))}
      </Flex>
    </>
  );
}
