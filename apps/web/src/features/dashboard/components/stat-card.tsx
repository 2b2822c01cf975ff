import { Card, Flex, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import styles from '../pages/dashboard-page.module.css';

interface StatCardProps {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  loading: boolean;
}

/** One figure of the overview; '–' when it could not be loaded. */
export function StatCard({ title, value, icon, loading }: StatCardProps) {
  const { token } = theme.useToken();
  return (
    <Card loading={loading}>
      <Flex align="center" gap={16}>
        <span className={styles.statIcon} style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>
          {icon}
        </span>
        <Statistic title={title} value={value ?? '–'} />
      </Flex>
    </Card>
  );
}
