import { ALIPAY_SECRETS, type PaymentChannelSettings, WECHAT_PAY_SECRETS } from '@water/contract/payments';
import { Alert, App, Button, Card, Form, Input, Result, Select, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/lib/form-error.ts';
import { usePaymentChannels } from '../api/get-payment-channels.ts';
import { useSavePaymentChannels } from '../api/save-payment-channels.ts';
import { type PaymentChannelValues, toPaymentChannelInput, toPaymentChannelValues } from './payment-channel-values.ts';

const DRIVERS = { WECHAT: ['NONE', 'SANDBOX', 'WECHAT_PAY_V3'], ALIPAY: ['NONE', 'SANDBOX', 'ALIPAY'] } as const;

/** A key's field: never filled in; it says whether one is stored, and empty keeps it. */
function SecretField({
  path,
  label,
  set,
  multiline,
}: {
  path: string[];
  label: string;
  set: boolean;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const hint = set ? t('globalSettings.secretStored') : t('globalSettings.secretMissing');
  return (
    <Form.Item name={path} label={label} extra={hint}>
      {multiline ? (
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={hint}
          spellCheck={false}
          autoComplete="off"
        />
      ) : (
        <Input.Password placeholder={hint} autoComplete="new-password" />
      )}
    </Form.Item>
  );
}

function TextField({ path, label }: { path: string[]; label: string }) {
  return (
    <Form.Item name={path} label={label}>
      <Input maxLength={200} style={{ maxWidth: 420 }} />
    </Form.Item>
  );
}

function WechatPayFields({ stored }: { stored: PaymentChannelSettings['WECHAT']['wechatPay'] | undefined }) {
  const { t } = useTranslation();
  const path = (name: string) => ['WECHAT', 'wechatPay', name];
  return (
    <>
      {(['mchId', 'appId', 'merchantSerialNo', 'platformKeyId'] as const).map((name) => (
        <TextField key={name} path={path(name)} label={t(`globalSettings.${name}`)} />
      ))}
      {WECHAT_PAY_SECRETS.map((name) => (
        <SecretField
          key={name}
          path={path(name)}
          label={t(`globalSettings.${name}`)}
          set={stored?.secretsSet[name] ?? false}
          multiline={name !== 'apiV3Key'}
        />
      ))}
      <TextField path={path('baseUrl')} label={t('globalSettings.baseUrl')} />
    </>
  );
}

function AlipayFields({ stored }: { stored: PaymentChannelSettings['ALIPAY']['alipay'] | undefined }) {
  const { t } = useTranslation();
  const path = (name: string) => ['ALIPAY', 'alipay', name];
  return (
    <>
      <TextField path={path('appId')} label={t('globalSettings.alipayAppId')} />
      {ALIPAY_SECRETS.map((name) => (
        <SecretField
          key={name}
          path={path(name)}
          label={t(`globalSettings.${name}`)}
          set={stored?.secretsSet[name] ?? false}
          multiline
        />
      ))}
      <TextField path={path('gatewayUrl')} label={t('globalSettings.gatewayUrl')} />
    </>
  );
}

/**
 * The "Payment channels" section of the global settings: each channel's driver (none, sandbox,
 * the channel's own) and the real drivers' fields and keys, saved on their own (the keys are
 * write-only: the server answers only whether each is stored).
 */
export function PaymentChannelsCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PaymentChannelValues>();
  const stored = usePaymentChannels(true);
  const save = useSavePaymentChannels();
  const wechatDriver = Form.useWatch(['WECHAT', 'driver'], form);
  const alipayDriver = Form.useWatch(['ALIPAY', 'driver'], form);

  useEffect(() => {
    if (stored.data) form.setFieldsValue(toPaymentChannelValues(stored.data));
  }, [stored.data, form]);

  const submit = async (values: PaymentChannelValues) => {
    try {
      await save.mutateAsync(toPaymentChannelInput(values));
      message.success(t('globalSettings.channelsSaved'));
    } catch (error) {
      reportFormError(form, error);
    }
  };

  const title = t('globalSettings.paymentChannels');
  if (stored.isError) {
    return (
      <Card variant="borderless" title={title}>
        <Result status="warning" title={t('globalSettings.channelsLoadFailed')} />
      </Card>
    );
  }
  const driverSelect = (channel: 'WECHAT' | 'ALIPAY') => (
    <Form.Item
      name={[channel, 'driver']}
      label={t('globalSettings.paymentDriver', { channel: t(`globalSettings.paymentChannelNames.${channel}`) })}
    >
      <Select
        style={{ width: '100%', maxWidth: 320 }}
        options={DRIVERS[channel].map((value) => ({ value, label: t(`globalSettings.paymentDrivers.${value}`) }))}
      />
    </Form.Item>
  );
  return (
    <Card variant="borderless" title={title}>
      {stored.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form<PaymentChannelValues>
          form={form}
          name="payment-channels"
          layout="vertical"
          disabled={!editable || save.isPending}
          initialValues={toPaymentChannelValues(stored.data)}
          onFinish={(values) => void submit(values)}
        >
          <Typography.Paragraph type="secondary">{t('globalSettings.paymentChannelsHelp')}</Typography.Paragraph>
          {stored.data?.sandboxByDemo && (
            <Alert type="info" showIcon title={t('globalSettings.sandboxByDemo')} style={{ marginBottom: 16 }} />
          )}
          {driverSelect('WECHAT')}
          {wechatDriver === 'WECHAT_PAY_V3' && <WechatPayFields stored={stored.data?.WECHAT.wechatPay} />}
          {driverSelect('ALIPAY')}
          {alipayDriver === 'ALIPAY' && <AlipayFields stored={stored.data?.ALIPAY.alipay} />}
          {editable && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('globalSettings.saveChannels')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
