import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function SqlMonitorPage() {
  return <PagePlaceholder title="SQL" />;
}
