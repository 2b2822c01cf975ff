import { LockOutlined } from '@ant-design/icons';
import { centerLocales } from '@water/contract/texts/profile';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { PlainPage } from '@/components/plain-page.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useSession } from '@/lib/session.ts';
import { PasswordForm } from '../components/password-form.tsx';

addPageTexts('center', centerLocales);

interface RequiredPasswordChangePageProps {
  /** The new password is stored: open the console. */
  onChanged: () => void;
  onLogout: () => void;
}

/**
 * Where a user with a default password (new, or reset by an administrator) is held after signing
 * in: the server answers nothing else until a password of their own is chosen.
 */
export function RequiredPasswordChangePage({ onChanged, onLogout }: RequiredPasswordChangePageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const username = useSession((state) => state.user?.username);
  return (
    <PlainPage>
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            <LockOutlined aria-hidden /> {t('center.requiredTitle')}
          </Typography.Title>
          <LanguageSwitch compact />
        </Flex>
        {username && <Typography.Text strong>{username}</Typography.Text>}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('center.requiredIntro')}
        </Typography.Paragraph>
        <PasswordForm
          autoFocus
          submitText={t('center.requiredSubmit')}
          onChanged={() => {
            message.success(t('center.requiredDone'));
            onChanged();
          }}
        />
        <Button type="link" onClick={onLogout} style={{ paddingInline: 0, marginTop: 16 }}>
          {t('topBar.logout')}
        </Button>
      </Card>
    </PlainPage>
  );
}
