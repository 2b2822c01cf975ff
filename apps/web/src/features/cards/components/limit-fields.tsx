import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';

const money = { stringMode: true, min: '0.01', max: '5000', precision: 2, style: { width: '100%' } } as const;

/** A card's per-use and per-day limits, in yuan (empty: no limit). */
export function LimitFields() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="perUseLimit" label={t('cards.perUseLimit')} extra={t('cards.limitsHint')}>
          <InputNumber<string> {...money} placeholder={t('cards.noLimit')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="perDayLimit" label={t('cards.perDayLimit')}>
          <InputNumber<string> {...money} placeholder={t('cards.noLimit')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
