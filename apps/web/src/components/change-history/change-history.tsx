import { auditLocales } from '@water/contract/texts/audit';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { addPageTexts } from '@/lib/i18n-pages.ts';

// With the page: its History tab's name is one of them.
addPageTexts('audit', auditLocales);

/** The list of changes (its table, its texts) loads when a History section is first shown, not with its page. */
const ChangeHistoryView = lazy(() =>
  import('./change-history-view.tsx').then((module) => ({ default: module.ChangeHistory })),
);

/** A record's changes, newest first: who, when, what, and each field before and after. */
export function ChangeHistory(props: { recordType: string; recordId: number | string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <ChangeHistoryView {...props} />
    </Suspense>
  );
}
