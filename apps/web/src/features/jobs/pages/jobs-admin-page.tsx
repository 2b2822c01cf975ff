import { JOB_COLUMNS, type Job } from '@water/contract/jobs';
import { jobsLocales } from '@water/contract/texts/jobs';
import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '@/components/dict-select.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { type StatusSearch, statusFilters } from '@/components/list/list-params.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useDeleteJobs } from '../api/delete-jobs.ts';
import { useJobs } from '../api/get-jobs.ts';
import { JobForm } from '../components/job-form.tsx';

addPageTexts('jobs', jobsLocales);

/** The filters of `GET /api/job`, as the contract declares them. */
type JobFilters = ListFilters<'GET /api/job'>;

/** `system/job/index`: the jobs users can hold. */
export function JobsAdminPage() {
  const { t, i18n } = useTranslation();
  const seeded = useSeededText();
  const menuTitle = useMenuTitle();
  const list = useListState<JobFilters>({ initialFilters: {} });
  const query = useJobs(list.params);
  const dialog = useFormDialog<Job>();
  const remove = useDeleteJobs();

  const bulk = useBulkDelete<Job>({
    allow: 'job:del',
    rowKey: (job) => job.id,
    warning: t('jobs.deleteWarning'),
    run: (jobs) => remove.mutateAsync(jobs.map((job) => job.id)),
  });
  const actions = useActionsColumn<Job>({
    nameOf: (job) => seeded(job.name),
    edit: { allow: 'job:edit', onClick: dialog.openEdit },
    remove: { allow: 'job:del', warning: t('jobs.deleteWarning'), run: (job) => remove.mutateAsync([job.id]) },
  });
  const columns: DataColumn<Job>[] = [
    ...declaredColumns<Job, typeof JOB_COLUMNS>(JOB_COLUMNS, t, i18n.language, {
      name: { render: (_, job) => seeded(job.name) },
      enabled: { render: (_, job) => <StatusTag dict="job_status" enabled={job.enabled} /> },
    }),
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Jobs')} />
      <SearchBar<StatusSearch<JobFilters>>
        onSearch={(values) => list.search(statusFilters(values))}
        onReset={list.reset}
      >
        <Form.Item name="name" label={t('jobs.name')}>
          <Input placeholder={t('jobs.namePlaceholder')} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('jobs.status')}>
          <DictSelect dict="job_status" allowClear style={{ width: 120 }} />
        </Form.Item>
        <CreatedBetween label={t('list.createdBetween')} />
      </SearchBar>
      <DataTable<Job, JobFilters>
        tableId="jobs"
        label={t('jobs.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(job) => job.id}
        exportTo={{ route: 'GET /api/job/download', name: 'jobs' }}
        tableProps={{ rowSelection: bulk.rowSelection }}
        actions={
          <>
            <AddButton allow="job:add" onClick={dialog.openCreate} />
            {bulk.button}
          </>
        }
      />
      <JobForm dialog={dialog} />
    </Card>
  );
}
