import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function OperationLogPage() {
  return <PagePlaceholder title="Operation log" />;
}
