import { Card, Flex, Progress, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

interface UsageGaugeProps {
  title: string;
  /** Used share in percent. */
  percent: number | undefined;
  /** The figures under the gauge, e.g. "3.2 GB of 16 GB". */
  detail: ReactNode;
}

/** A used share as a dashboard gauge, amber from 70 % and red from 90 %. */
export function UsageGauge({ title, percent, detail }: UsageGaugeProps) {
  const { token } = theme.useToken();
  const value = percent ?? 0;
  const color = value >= 90 ? token.colorError : value >= 70 ? token.colorWarning : token.colorPrimary;
  return (
    <Card title={title} styles={{ body: { paddingBlock: 16 } }}>
      <Flex vertical align="center" gap={8}>
        <Progress
          type="dashboard"
          percent={value}
          // Full is not a success here: no tick, the colour says how full.
          status="normal"
          size={120}
          strokeColor={color}
          format={(shown) => `${shown ?? 0}%`}
          aria-label={title}
        />
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {detail}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
