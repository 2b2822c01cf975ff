import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toApiError } from '../../../lib/api-error.ts';
import { safeRedirect } from '../../../lib/safe-redirect.ts';
import { rememberedUsername } from '../../../lib/session.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useLogin } from '../api/login.ts';
import { CaptchaImage } from './captcha-image.tsx';

interface LoginValues {
  username: string;
  password: string;
  code: string;
  rememberMe: boolean;
}

export function LoginForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [initialUsername] = useState(rememberedUsername);
  const [failure, setFailure] = useState<string>();
  const codeInput = useRef<InputRef>(null);
  const captcha = useCaptcha();
  const login = useLogin();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const onFinish = async (values: LoginValues) => {
    setFailure(undefined);
    const uuid = captcha.data?.uuid;
    if (!uuid) {
      void captcha.refetch();
      return;
    }
    try {
      await login.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        code: values.code.trim(),
        uuid,
        rememberMe: values.rememberMe,
      });
      await navigate(safeRedirect(searchParams.get('redirect')) ?? '/', { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(apiError.status > 0 ? apiError.message : t('errors.requestFailed'));
      // The server has already spent this question, right answer or not.
      form.setFieldValue('code', '');
      void captcha.refetch();
      codeInput.current?.focus();
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ username: initialUsername ?? '', password: '', code: '', rememberMe: !!initialUsername }}
      onFinish={onFinish}
      onValuesChange={() => failure && setFailure(undefined)}
    >
      <Form.Item
        label={t('login.username')}
        name="username"
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!initialUsername} maxLength={64} />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus={!!initialUsername} />
      </Form.Item>
      <Form.Item label={t('login.code')} htmlFor="login_code" required>
        <Flex gap={12}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
          >
            <Input
              ref={codeInput}
              prefix={<SafetyOutlined />}
              placeholder={t('login.codePlaceholder')}
              autoComplete="off"
              inputMode="numeric"
              maxLength={16}
            />
          </Form.Item>
          <CaptchaImage
            src={captcha.data?.img}
            loading={captcha.isFetching}
            failed={captcha.isError}
            onRefresh={() => void captcha.refetch()}
          />
        </Flex>
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="rememberMe" valuePropName="checked" noStyle>
          <Checkbox>{t('login.rememberMe')}</Checkbox>
        </Form.Item>
        <Link to="/findPassword">{t('login.forgotPassword')}</Link>
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </Form>
  );
}
