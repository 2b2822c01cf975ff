import type { Lifecycle } from '@water/contract/machines';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LIFECYCLE_COLORS: Record<Lifecycle, string> = {
  IN_STOCK: 'default',
  ALLOCATED: 'processing',
  OPERATING: 'success',
  SUSPENDED: 'warning',
  RETIRED: 'default',
  SCRAPPED: 'error',
};

/** Where a machine is in its life, as a coloured label. */
export function LifecycleTag({ lifecycle }: { lifecycle: Lifecycle }) {
  const { t } = useTranslation();
  return <Tag color={LIFECYCLE_COLORS[lifecycle]}>{t(`machines.lifecycles.${lifecycle}`)}</Tag>;
}
