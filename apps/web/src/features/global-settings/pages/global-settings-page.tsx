import { PUBLICITY_MAX_IMAGES } from '@water/contract/constants';
import { globalSettingsLocales } from '@water/contract/texts/global-settings';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Skeleton,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref } from 'react-router';
import { PageHeading } from '@/components/page-heading.tsx';
import { usePermission } from '@/components/permission.tsx';
import { reportFormError } from '@/lib/form-error.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useStoredSettings } from '../api/get-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { AlarmOrderFields } from '../components/alarm-order-fields.tsx';
import { CardRulesFields } from '../components/card-rules-fields.tsx';
import { ImagesField } from '../components/images-field.tsx';
import { MapTilesFields } from '../components/map-tiles-fields.tsx';
import { PaymentChannelsCard } from '../components/payment-channels-card.tsx';
import { SettingsPreview } from '../components/settings-preview.tsx';
import { type SettingsValues, toSettings, toSettingsValues } from '../components/settings-values.ts';

addPageTexts('globalSettings', globalSettingsLocales);

/** The console's own texts, each with its longest length as the server takes it. */
const CONSOLE_TEXTS = [
  ['title', 200],
  ['footerTxt', 500],
  ['caseNumber', 100],
  ['servicePhone', 20],
] as const;

/** `tools/settings/index`: the console's title, footer, case number and publicity page, with a live preview. */
export function GlobalSettingsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const { message, modal } = App.useApp();
  const can = usePermission();
  const editable = can(['setting:edit']);
  const [form] = Form.useForm<SettingsValues>();
  const publicityHref = useHref('/publicity');
  const stored = useStoredSettings();
  const save = useSaveSettings();
  // Every field, also those not touched yet, so the preview follows each key press.
  const values = Form.useWatch((all: Partial<SettingsValues>) => all, { form, preserve: true });

  useEffect(() => {
    if (stored.data) form.setFieldsValue(toSettingsValues(stored.data));
  }, [stored.data, form]);

  const submit = async (submitted: SettingsValues) => {
    try {
      await save.mutateAsync(toSettings(submitted));
      message.success(t('globalSettings.saved'));
    } catch (error) {
      reportFormError(form, error, undefined, ['refundReviewAbove', 'withdrawalMinimum', 'withdrawalFeeFixed']);
      reportFormError(form, error, undefined, ['refundReviewAbove', 'cardBonusRules']);
    }
  };
  const undo = () =>
    modal.confirm({
      title: t('globalSettings.unsavedTitle'),
      content: t('globalSettings.unsaved'),
      okText: t('globalSettings.confirm'),
      cancelText: t('globalSettings.cancel'),
      onOk: () => form.setFieldsValue(toSettingsValues(stored.data)),
    });
  const max = (limit: number) => ({ max: limit, message: t('fieldErrors.tooLong', { limit }) });

  const heading = <PageHeading title={menuTitle('Global settings')} />;
  if (stored.isError) {
    return (
      <>
        {heading}
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('globalSettings.loadFailed')}
            extra={<Button onClick={() => void stored.refetch()}>{t('shell.retry')}</Button>}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      {heading}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card variant="borderless">
            {stored.isPending ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : (
              <Form<SettingsValues>
                form={form}
                name="global-settings"
                layout="vertical"
                disabled={!editable || save.isPending}
                initialValues={toSettingsValues(stored.data)}
                onFinish={(submitted) => void submit(submitted)}
              >
                {!editable && (
                  <Alert type="info" showIcon title={t('globalSettings.readOnly')} style={{ marginBottom: 16 }} />
                )}
                <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
                  {t('globalSettings.console')}
                </Typography.Title>
                {CONSOLE_TEXTS.map(([name, limit]) => (
                  <Form.Item
                    key={name}
                    name={name}
                    label={t(`globalSettings.${name}`)}
                    extra={t(`globalSettings.${name}Help`)}
                    rules={[max(limit)]}
                  >
                    <Input placeholder={name === 'title' ? t('app.title') : undefined} showCount maxLength={limit} />
                  </Form.Item>
                ))}
                <Divider />
                <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
                  {t('globalSettings.business')}
                </Typography.Title>
                <Form.Item
                  name="refundReviewAbove"
                  label={t('globalSettings.refundReviewAbove')}
                  extra={t('globalSettings.refundReviewAboveHelp')}
                >
                  <InputNumber<string>
                    stringMode
                    min="0"
                    max="100000"
                    precision={2}
                    placeholder="0.00"
                    style={{ width: '100%', maxWidth: 240 }}
                  />
                </Form.Item>
                <Divider />
                <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
                  {t('globalSettings.withdrawals')}
                </Typography.Title>
                <Flex wrap gap="0 16px">
                  {(['withdrawalMinimum', 'withdrawalFeeFixed'] as const).map((name) => (
                    <Form.Item key={name} name={name} label={t(`globalSettings.${name}`)}>
                      <InputNumber<string>
                        stringMode
                        min="0"
                        max={name === 'withdrawalMinimum' ? '1000000' : '10000'}
                        precision={2}
                        placeholder="0.00"
                        style={{ width: 180 }}
                      />
                    </Form.Item>
                  ))}
                  <Form.Item name="withdrawalFeePercent" label={t('globalSettings.withdrawalFeePercent')}>
                    <InputNumber<string>
                      stringMode
                      min="0"
                      max="99.99"
                      precision={2}
                      placeholder="0"
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                </Flex>
                <Typography.Paragraph type="secondary">{t('globalSettings.withdrawalsHelp')}</Typography.Paragraph>
                <CardRulesFields />
                <AlarmOrderFields />
                <MapTilesFields />
                <Divider />
                <Flex justify="space-between" align="baseline" wrap gap={8}>
                  <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
                    {t('globalSettings.publicity')}
                  </Typography.Title>
                  <Typography.Link href={publicityHref} target="_blank" rel="noopener">
                    {t('globalSettings.openPublicity')}
                  </Typography.Link>
                </Flex>
                <Form.Item name={['publicity', 'title']} label={t('globalSettings.publicityTitle')} rules={[max(200)]}>
                  <Input showCount maxLength={200} />
                </Form.Item>
                <Form.Item name={['publicity', 'body']} label={t('globalSettings.publicityBody')} rules={[max(20000)]}>
                  <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} showCount maxLength={20000} />
                </Form.Item>
                <Form.Item
                  name={['publicity', 'images']}
                  label={t('globalSettings.publicityImages')}
                  extra={t('globalSettings.publicityImagesHelp', { count: PUBLICITY_MAX_IMAGES })}
                >
                  <ImagesField max={PUBLICITY_MAX_IMAGES} />
                </Form.Item>
                <Form.Item
                  name={['publicity', 'contact']}
                  label={t('globalSettings.publicityContact')}
                  rules={[max(500)]}
                >
                  <Input showCount maxLength={500} />
                </Form.Item>
                {editable && (
                  <Flex gap={8} wrap>
                    <Button type="primary" htmlType="submit" loading={save.isPending}>
                      {t('globalSettings.save')}
                    </Button>
                    <Button onClick={undo}>{t('globalSettings.reset')}</Button>
                  </Flex>
                )}
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <SettingsPreview values={values ?? toSettingsValues(stored.data)} />
        </Col>
        <Col xs={24} xl={14}>
          <PaymentChannelsCard editable={editable} />
        </Col>
      </Row>
    </>
  );
}
