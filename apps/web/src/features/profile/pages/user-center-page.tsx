import { centerLocales } from '@water/contract/texts/profile';
import { App, Card, Col, Descriptions, type DescriptionsProps, Flex, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictLabel } from '@/components/dict-label.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import { EmailForm } from '../components/email-form.tsx';
import { OwnOperations } from '../components/own-operations.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

addPageTexts('center', centerLocales);

/** `/user/center`: one's own account: avatar, profile, password, e-mail address and recent operations. */
export function UserCenterPage() {
  const { t } = useTranslation();
  const seeded = useSeededText();
  const { modal } = App.useApp();
  const user = useSession((state) => state.user);
  if (!user) return null;
  const none = t('center.none');
  const details: DescriptionsProps['items'] = [
    { key: 'username', label: t('center.username'), children: user.username },
    { key: 'nickName', label: t('center.nickName'), children: user.nickName || none },
    { key: 'phone', label: t('center.phone'), children: user.phone || none },
    { key: 'email', label: t('center.email'), children: user.email || none },
    { key: 'dept', label: t('center.dept'), children: user.dept ? seeded(user.dept.name) : none },
    { key: 'jobs', label: t('center.jobs'), children: user.jobs.map((job) => seeded(job.name)).join(', ') || none },
    {
      key: 'roles',
      label: t('center.roles'),
      children: user.roles.map((role) => seeded(role.name)).join(', ') || none,
    },
    { key: 'enabled', label: t('center.status'), children: <DictLabel dict="user_status" value={user.enabled} /> },
    { key: 'createTime', label: t('center.createTime'), children: user.createTime ?? none },
  ];
  const passwordChanged = () =>
    modal.success({ title: t('center.passwordChanged'), content: t('center.passwordChangedDetail') });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card
          variant="borderless"
          title={
            <Typography.Title level={1} style={{ margin: 0, fontSize: 16 }}>
              {t('center.heading')}
            </Typography.Title>
          }
        >
          <Flex vertical gap={16}>
            <AvatarUpload avatarName={user.avatarName} />
            <Typography.Title level={2} style={{ textAlign: 'center', margin: 0, fontSize: 18 }}>
              {user.nickName || user.username}
            </Typography.Title>
            <Descriptions column={1} size="small" items={details} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless">
          <Tabs
            items={[
              { key: 'profile', label: t('center.profileTab'), children: <ProfileForm user={user} /> },
              {
                key: 'password',
                label: t('center.passwordTab'),
                children: <PasswordForm onChanged={passwordChanged} />,
              },
              { key: 'email', label: t('center.emailTab'), children: <EmailForm user={user} /> },
              { key: 'operations', label: t('center.operationsTab'), children: <OwnOperations /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
