import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ARTIFACT_KINDS, ARTIFACT_PERMISSIONS, type Artifact, type ArtifactKind } from '@water/contract/artifacts';
import { operationsLocales } from '@water/contract/texts/operations';
import { Alert, Button, Card, Form, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatBytes } from '@/lib/format/bytes.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { downloadArtifact } from '../api/download-artifact.ts';
import { useArtifacts } from '../api/get-artifacts.ts';
import { UploadArtifactForm } from '../components/upload-artifact-form.tsx';

addPageTexts('operations', operationsLocales);

/** The filters of `GET /api/artifacts`, as the contract declares them; the page always shows one kind. */
type ArtifactFilters = ListFilters<'GET /api/artifacts'> & Required<Pick<ListFilters<'GET /api/artifacts'>, 'kind'>>;

/**
 * `tools/operations/index`: deployment packages and database scripts uploaded for whoever
 * deploys them, each name's versions with checksum, uploader and notes. The page lists and
 * downloads them; the server keeps them and never runs them.
 */
export function OperationsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const can = usePermission();
  const kinds = ARTIFACT_KINDS.filter((kind) => can([ARTIFACT_PERMISSIONS[kind].list]));
  const list = useListState<ArtifactFilters>({ initialFilters: { kind: kinds[0] ?? 'deploy' } });
  const kind = list.state.filters.kind;
  const query = useArtifacts(list.params);
  const dialog = useFormDialog<never>();

  const actions = useActionsColumn<Artifact>({
    nameOf: (artifact) => artifact.name,
    extra: {
      allow: [ARTIFACT_PERMISSIONS[kind].list],
      actions: (artifact) => [
        {
          key: 'download',
          label: t('operations.download'),
          icon: <DownloadOutlined aria-hidden />,
          allow: ARTIFACT_PERMISSIONS[kind].list,
          onClick: () => void downloadArtifact(artifact).catch(() => undefined),
        },
      ],
    },
    width: 90,
    fixed: 'right',
  });

  const columns: DataColumn<Artifact>[] = [
    { key: 'name', title: t('operations.name'), dataIndex: 'name', sortField: 'name', ellipsis: true, width: 190 },
    {
      key: 'version',
      title: t('operations.version'),
      dataIndex: 'version',
      sortField: 'version',
      width: 90,
      render: (_, artifact) => `v${artifact.version}`,
    },
    {
      key: 'size',
      title: t('operations.size'),
      dataIndex: 'size',
      sortField: 'size',
      width: 90,
      render: (_, artifact) => formatBytes(artifact.size),
    },
    {
      key: 'sha256',
      title: t('operations.checksum'),
      dataIndex: 'sha256',
      width: 150,
      render: (_, artifact) => (
        <Typography.Text
          code
          title={artifact.sha256}
          copyable={{ text: artifact.sha256, tooltips: [t('operations.copyChecksum'), t('operations.copied')] }}
        >
          {artifact.sha256.slice(0, 12)}
        </Typography.Text>
      ),
    },
    {
      key: 'notes',
      title: t('operations.notes'),
      dataIndex: 'notes',
      ellipsis: true,
      width: 200,
      render: (_, artifact) => artifact.notes ?? '',
    },
    { key: 'createBy', title: t('operations.createBy'), dataIndex: 'createBy', width: 110 },
    {
      key: 'createTime',
      title: t('operations.createTime'),
      dataIndex: 'createTime',
      sortField: 'createTime',
      width: 170,
    },
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Operations')} />
      <Alert type="info" showIcon title={t('operations.neverRun')} style={{ marginBottom: 16 }} />
      {kinds.length === 0 && <Alert type="warning" showIcon title={t('operations.noKinds')} />}
      {kinds.length > 1 && (
        <Segmented<ArtifactKind>
          value={kind}
          onChange={(next) => list.patchFilters({ kind: next })}
          options={kinds.map((value) => ({ value, label: t(`operations.kinds.${value}`) }))}
          style={{ marginBottom: 16 }}
        />
      )}
      {kinds.length > 0 && (
        <>
          <SearchBar<Omit<ArtifactFilters, 'kind'>>
            onSearch={(values) => list.search({ ...values, kind })}
            onReset={() => list.search({ kind })}
          >
            <Form.Item name="blurry" label={t('operations.search')}>
              <Input placeholder={t('operations.searchPlaceholder')} allowClear style={{ width: 200 }} />
            </Form.Item>
            <CreatedBetween label={t('operations.createTime')} />
          </SearchBar>
          <DataTable<Artifact, ArtifactFilters>
            tableId={`operations-${kind}`}
            label={t(`operations.kinds.${kind}`)}
            columns={columns}
            list={list}
            query={query}
            rowKey={(artifact) => artifact.id}
            actions={
              <Permission allow={[ARTIFACT_PERMISSIONS[kind].add]}>
                <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={dialog.openCreate}>
                  {t(`operations.uploadTitle.${kind}`)}
                </Button>
              </Permission>
            }
          />
          <UploadArtifactForm dialog={dialog} kind={kind} />
        </>
      )}
    </Card>
  );
}
