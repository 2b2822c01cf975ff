import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_FILTER_STAGES, FILTER_STAGE_CODES, type FilterStage } from '@water/contract/filters';
import { Alert, App, Button, Form, InputNumber, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllModels } from '@/components/machines/machine-options.ts';
import { useModelStages, useSaveStages } from '../api/filter-stages.ts';

interface StagesForm {
  stages: FilterStage[];
}

/** A model's stages in order: code, life in days and litres, and the TDS out above which it is due. */
export function StagesEditor() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const models = useAllModels();
  const [modelId, setModelId] = useState<number>();
  const stages = useModelStages(modelId);
  const save = useSaveStages();
  const [form] = Form.useForm<StagesForm>();
  useEffect(() => {
    if (stages.data) form.setFieldsValue({ stages: stages.data.stages });
  }, [stages.data, form]);
  const submit = (values: StagesForm) =>
    modelId !== undefined &&
    save.mutate(
      { modelId, stages: (values.stages ?? []).map((stage) => ({ ...stage, tdsOutMax: stage.tdsOutMax ?? null })) },
      { onSuccess: () => message.success(t('filters.stagesSaved')) },
    );
  const codes = FILTER_STAGE_CODES.map((code) => ({ value: code, label: t(`filters.stages.${code}`) }));
  return (
    <div style={{ maxWidth: 760 }}>
      <Form.Item label={t('filters.model')}>
        <Select
          aria-label={t('filters.model')}
          placeholder={t('filters.chooseModel')}
          value={modelId}
          onChange={setModelId}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 'min(320px, 100%)' }}
          options={(models.data ?? []).map((model) => ({ value: model.id, label: `${model.code} · ${model.name}` }))}
        />
      </Form.Item>
      {modelId !== undefined && stages.data && (
        <Form<StagesForm> form={form} layout="vertical" onFinish={submit}>
          <Form.List name="stages">
            {(fields, { add, remove }) => (
              <>
                {fields.length === 0 && <Alert type="info" showIcon title={t('filters.noStages')} />}
                {fields.map((field) => (
                  <Space key={field.key} wrap align="end" style={{ marginBottom: 8 }}>
                    <Form.Item name={[field.name, 'code']} label={t('filters.stage')} rules={[{ required: true }]}>
                      <Select options={codes} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'lifeDays']}
                      label={t('filters.lifeDays')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={1} max={3650} precision={0} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'lifeLitres']}
                      label={t('filters.lifeLitres')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={1} max={10_000_000} precision={0} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'tdsOutMax']} label={t('filters.tdsOutMax')}>
                      <InputNumber min={1} max={5000} precision={0} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item>
                      <Button
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('filters.removeStage')}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Space>
                ))}
                <Space wrap style={{ marginTop: 8 }}>
                  <Button
                    icon={<PlusOutlined aria-hidden />}
                    disabled={fields.length >= FILTER_STAGE_CODES.length}
                    onClick={() =>
                      add(
                        DEFAULT_FILTER_STAGES[fields.length] ?? { code: 'MINERAL', lifeDays: 180, lifeLitres: 20_000 },
                      )
                    }
                  >
                    {t('filters.addStage')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('filters.saveStages')}
                  </Button>
                </Space>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </div>
  );
}
