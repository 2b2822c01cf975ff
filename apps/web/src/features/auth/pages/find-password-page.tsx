import { recoveryLocales } from '@water/contract/texts/recovery';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@water/contract/users';
import { Button, Card, Flex, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { LinkButton } from '@/components/link-button.tsx';
import { NewPasswordFields } from '@/components/new-password-fields.tsx';
import { PlainPage } from '@/components/plain-page.tsx';
import { reportFormError } from '@/lib/form-error.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useCountdown } from '@/lib/use-countdown.ts';
import { useRequestResetCode, useResetPassword } from '../api/reset-password.ts';

addPageTexts('recovery', recoveryLocales);

/** The server mails one code per address per minute. */
const RESEND_SECONDS = 60;

interface AccountValues {
  account: string;
}

interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

/** A form's validation failure, which shows under its fields already. */
const isValidationFailure = (error: unknown) => typeof error === 'object' && error !== null && 'errorFields' in error;

/**
 * `/findPassword`: username or e-mail → a code mailed to the account's address → a new password,
 * then back to the login page with a success message. The page says the same whether or not an
 * account matches.
 */
export function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accountForm] = Form.useForm<AccountValues>();
  const [resetForm] = Form.useForm<ResetValues>();
  const requestCode = useRequestResetCode();
  const reset = useResetPassword();
  const [account, setAccount] = useState<string>();
  const [wait, startWait] = useCountdown();

  const send = async (name: string) => {
    try {
      await requestCode.mutateAsync({ account: name });
      setAccount(name);
      startWait(RESEND_SECONDS);
    } catch (error) {
      if (!isValidationFailure(error)) reportFormError(accountForm, error);
    }
  };
  const submit = async ({ code, password }: ResetValues) => {
    if (!account) return;
    try {
      await reset.mutateAsync({ account, code: code.trim(), password });
      navigate('/login', { replace: true, state: { passwordReset: true } });
    } catch (error) {
      reportFormError(resetForm, error);
    }
  };
  const otherAccount = () => {
    setAccount(undefined);
    resetForm.resetFields();
  };

  return (
    <PlainPage>
      <Card style={{ width: '100%', maxWidth: 460 }}>
        <Flex justify="space-between" align="start" gap={8}>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 22 }}>
            {t('recovery.heading')}
          </Typography.Title>
          <LanguageSwitch compact />
        </Flex>
        <Steps
          size="small"
          current={account ? 1 : 0}
          responsive={false}
          style={{ marginBottom: 24 }}
          items={[
            { title: t('recovery.stepAccount') },
            { title: t('recovery.stepCode') },
            { title: t('recovery.stepDone') },
          ]}
        />
        {account === undefined ? (
          <Form<AccountValues>
            form={accountForm}
            name="recovery-account"
            layout="vertical"
            onFinish={({ account: name }) => void send(name.trim())}
          >
            <Typography.Paragraph type="secondary">{t('recovery.intro')}</Typography.Paragraph>
            <Form.Item
              name="account"
              label={t('recovery.account')}
              rules={[{ required: true, whitespace: true, message: t('recovery.accountRequired') }]}
            >
              <Input autoComplete="username" autoFocus maxLength={255} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={requestCode.isPending}>
              {t('recovery.sendCode')}
            </Button>
          </Form>
        ) : (
          <Form<ResetValues>
            form={resetForm}
            name="recovery-reset"
            layout="vertical"
            onFinish={(values) => void submit(values)}
          >
            <Typography.Paragraph type="success" role="status">
              {t('recovery.sent', { account })}
            </Typography.Paragraph>
            <Form.Item
              name="code"
              label={t('recovery.code')}
              rules={[
                { required: true, whitespace: true, message: t('recovery.codeRequired') },
                { pattern: /^\s*\d{6}\s*$/, message: t('recovery.codeRule') },
              ]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={16} autoFocus />
            </Form.Item>
            <NewPasswordFields
              name="password"
              password={{
                label: t('recovery.newPassword'),
                help: t('recovery.passwordRule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
                required: t('recovery.passwordRequired'),
                length: t('recovery.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
              }}
              confirm={{
                label: t('recovery.confirm'),
                required: t('recovery.confirmRequired'),
                mismatch: t('recovery.mismatch'),
              }}
            />
            <Button type="primary" htmlType="submit" block loading={reset.isPending}>
              {t('recovery.submit')}
            </Button>
            <Flex justify="space-between" wrap gap={8} style={{ marginTop: 12 }}>
              <Button type="link" onClick={otherAccount} style={{ paddingInline: 0 }}>
                {t('recovery.otherAccount')}
              </Button>
              <Button
                type="link"
                disabled={wait > 0}
                loading={requestCode.isPending}
                onClick={() => void send(account)}
                style={{ paddingInline: 0 }}
              >
                {wait > 0 ? t('recovery.resendIn', { seconds: wait }) : t('recovery.resend')}
              </Button>
            </Flex>
          </Form>
        )}
        <Flex justify="center" style={{ marginTop: 16 }}>
          <LinkButton type="link" to="/login">
            {t('recovery.backToLogin')}
          </LinkButton>
        </Flex>
      </Card>
    </PlainPage>
  );
}
