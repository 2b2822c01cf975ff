import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_CARD_RESERVE_PCT } from '@water/contract/cards';
import { DEFAULT_FILTER_LEAD_DAYS } from '@water/contract/filters';
import { Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const money = { stringMode: true, min: '0', max: '5000', precision: 2, style: { width: 140 } } as const;

/** The water cards' settings: the top-up bonuses (amounts in yuan) and the reserve share of card balances. */
export function CardRulesFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
        {t('globalSettings.cards')}
      </Typography.Title>
      <Form.Item label={t('globalSettings.cardBonusRules')} extra={t('globalSettings.cardBonusRulesHelp')}>
        <Form.List name="cardBonusRules">
          {(rules, { add, remove }) => (
            <Flex vertical gap={8}>
              {rules.map((rule, index) => (
                <Flex key={rule.key} gap={8} wrap align="center">
                  <Form.Item name={[rule.name, 'minTopUp']} noStyle>
                    <InputNumber<string>
                      {...money}
                      min="0.01"
                      placeholder={t('globalSettings.minTopUp')}
                      aria-label={t('globalSettings.minTopUp')}
                    />
                  </Form.Item>
                  <Form.Item name={[rule.name, 'bonus']} noStyle>
                    <InputNumber<string>
                      {...money}
                      placeholder={t('globalSettings.bonus')}
                      aria-label={t('globalSettings.bonus')}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('globalSettings.removeRule', { index: index + 1 })}
                    onClick={() => remove(rule.name)}
                  />
                </Flex>
              ))}
              {rules.length < 10 && (
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => add({ minTopUp: null, bonus: null })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('globalSettings.addRule')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name="cardReserveSharePct"
        label={t('globalSettings.cardReserveSharePct')}
        extra={t('globalSettings.cardReserveSharePctHelp')}
      >
        <InputNumber
          min={0}
          max={100}
          precision={0}
          placeholder={String(DEFAULT_CARD_RESERVE_PCT)}
          style={{ width: 140 }}
        />
      </Form.Item>
      <Form.Item
        name="filterLeadDays"
        label={t('globalSettings.filterLeadDays')}
        extra={t('globalSettings.filterLeadDaysHelp')}
      >
        <InputNumber
          min={0}
          max={90}
          precision={0}
          placeholder={String(DEFAULT_FILTER_LEAD_DAYS)}
          style={{ width: 140 }}
        />
      </Form.Item>
    </>
  );
}
