import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Fetches a query again now: an icon with a tooltip, spinning while the query fetches. */
export function RefreshButton({ query }: { query: Pick<UseQueryResult, 'isFetching' | 'refetch'> }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('list.refresh')}>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        aria-label={t('list.refresh')}
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      />
    </Tooltip>
  );
}
