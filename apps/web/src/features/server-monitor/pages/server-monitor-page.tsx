import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function ServerMonitorPage() {
  return <PagePlaceholder title="Server" />;
}
