import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function StoragePage() {
  return <PagePlaceholder title="Storage" />;
}
