import { type CouponTemplate, PUSH_MAX, type PushResult } from '@water/contract/coupons';
import { Alert, Form, Input, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { usePushCoupons } from '../api/coupons.ts';
import { parsePhones } from './template-form-values.ts';

interface PushValues {
  phones: string;
}

/** Pushes a coupon to members by mobile number; says how many got it and why the others did not. */
export function PushForm({
  template,
  session,
  onClose,
}: {
  template?: CouponTemplate;
  session: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PushValues>();
  const push = usePushCoupons();
  const [result, setResult] = useState<PushResult>();
  const close = () => {
    setResult(undefined);
    onClose();
  };
  return (
    <FormModal<PushValues>
      key={session}
      open={template !== undefined}
      editing={false}
      title={t('coupons.pushTitle', { name: template?.name ?? '' })}
      okText={t('coupons.push')}
      form={form}
      doneText={t('coupons.pushedAll')}
      onSubmit={async (values) => {
        if (!template) return;
        const answer = await push.mutateAsync({ id: template.id, phones: parsePhones(values.phones) });
        setResult(answer);
        // Keep the dialog open when some numbers were refused, so staff see which.
        if (answer.refused.length > 0) throw new Error('refused');
      }}
      onError={(error) => error instanceof Error && error.message === 'refused'}
      onClose={close}
    >
      <Form.Item
        name="phones"
        label={t('coupons.phones')}
        extra={t('coupons.phonesHint')}
        rules={[
          {
            validator: async (_, text: string | undefined) => {
              const phones = parsePhones(text);
              if (phones.length === 0) throw new Error(t('coupons.phonesRequired'));
              if (phones.length > PUSH_MAX) throw new Error(t('coupons.phonesTooMany'));
            },
          },
        ]}
      >
        <Input.TextArea rows={6} autoFocus placeholder="13800138000" />
      </Form.Item>
      {result && (
        <Alert
          type={result.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          title={`${t('coupons.pushed', { count: result.issued })}${
            result.refused.length > 0 ? ` · ${t('coupons.pushRefused', { count: result.refused.length })}` : ''
          }`}
          description={
            result.refused.length > 0 && (
              <List
                size="small"
                dataSource={result.refused}
                renderItem={(item) => (
                  <List.Item>
                    {item.phone}: {t(`coupons.refusals.${item.reason}`)}
                  </List.Item>
                )}
              />
            )
          }
        />
      )}
    </FormModal>
  );
}
