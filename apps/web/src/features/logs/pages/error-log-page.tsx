import { PagePlaceholder } from '@/components/page-placeholder.tsx';

export function ErrorLogPage() {
  return <PagePlaceholder title="Error log" />;
}
