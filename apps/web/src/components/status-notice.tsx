import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

interface StatusNoticeProps {
  status: 'error' | 'warning';
  title: string;
  subTitle: ReactNode;
  extra?: ReactNode;
}

/**
 * A page-sized notice (a page failed to load, a menu names no page): antd's `Result` look
 * without its illustrations, so the shell that shows it stays small.
 */
export function StatusNotice({ status, title, subTitle, extra }: StatusNoticeProps) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 24px', textAlign: 'center' }}>
      <Icon aria-hidden style={{ fontSize: 72, color: status === 'error' ? token.colorError : token.colorWarning }} />
      <Typography.Title level={3} style={{ marginTop: 16, marginBottom: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{subTitle}</Typography.Text>
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </Flex>
  );
}
