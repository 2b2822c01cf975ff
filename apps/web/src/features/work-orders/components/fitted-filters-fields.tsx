import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FILTER_STAGE_CODES } from '@water/contract/filters';
import { filtersLocales } from '@water/contract/texts/filters';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { addPageTexts } from '@/lib/i18n-pages.ts';

addPageTexts('filters', filtersLocales);

/** A filter change's filters fitted: each stage replaced with its serial and batch number (counters restart). */
export function FittedFiltersFields() {
  const { t } = useTranslation();
  const stages = FILTER_STAGE_CODES.map((code) => ({ value: code, label: t(`filters.stages.${code}`) }));
  return (
    <Form.List name="filters">
      {(fields, { add, remove }) => (
        <Form.Item label={t('filters.filtersFitted')}>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item name={[field.name, 'stage']} rules={[{ required: true, message: t('filters.stage') }]}>
                <Select options={stages} aria-label={t('filters.stage')} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'serialNo']} initialValue="">
                <Input placeholder={t('filters.fittedSerial')} maxLength={64} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'batchNo']} initialValue="">
                <Input placeholder={t('filters.fittedBatch')} maxLength={64} style={{ width: 120 }} />
              </Form.Item>
              <MinusCircleOutlined onClick={() => remove(field.name)} aria-label={t('filters.removeStage')} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= FILTER_STAGE_CODES.length}
            onClick={() => add({ serialNo: '', batchNo: '' })}
          >
            {t('filters.addFitted')}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}
