import { DeleteOutlined, DownloadOutlined, FileOutlined, FileTextOutlined, FileZipOutlined } from '@ant-design/icons';
import { FILE_CATEGORIES, type FileCategory, type StoredFile } from '@water/contract/storage';
import { storageLocales } from '@water/contract/texts/storage';
import { App, Button, Card, Flex, Form, Image, Input, Select } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatBytes } from '@/lib/format/bytes.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useDeleteFiles } from '../api/delete-files.ts';
import { useFiles } from '../api/get-files.ts';
import { FileDropzone } from '../components/file-dropzone.tsx';
import { RenameForm } from '../components/rename-form.tsx';

addPageTexts('storage', storageLocales);

/** The filters of `GET /api/file`, as the contract declares them. */
type FileFilters = ListFilters<'GET /api/file'>;

const TYPE_ICONS: Record<FileCategory, typeof FileOutlined> = {
  image: FileOutlined,
  document: FileTextOutlined,
  archive: FileZipOutlined,
  text: FileTextOutlined,
};

/** Hands a stored file to the browser's download, under its display name. */
function download(file: StoredFile) {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** `tools/storage/index`: uploaded files: upload, search, preview, download, rename, delete. */
export function StoragePage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const list = useListState<FileFilters>({ initialFilters: {} });
  const query = useFiles(list.params);
  const dialog = useFormDialog<StoredFile>();
  const remove = useDeleteFiles();
  const [selected, setSelected] = useState<StoredFile[]>([]);
  const mayDelete = can(['storage:del']);

  const forget = (gone: StoredFile[]) =>
    setSelected((previous) => previous.filter((row) => !gone.some((file) => file.id === row.id)));

  const actions = useActionsColumn<StoredFile>({
    nameOf: (file) => file.name,
    edit: { allow: 'storage:edit', onClick: dialog.openEdit },
    extra: {
      allow: ['storage:list'],
      actions: (file) => [
        {
          key: 'download',
          label: t('storage.download'),
          icon: <DownloadOutlined aria-hidden />,
          allow: 'storage:list',
          onClick: () => download(file),
        },
      ],
    },
    remove: {
      allow: 'storage:del',
      warning: t('storage.deleteWarning'),
      run: async (file) => {
        await remove.mutateAsync([file.id]);
        forget([file]);
      },
    },
    width: 120,
    fixed: 'right',
  });

  const askToDeleteSelected = () =>
    confirm({
      title: t('storage.deleteManyTitle', { count: selected.length }),
      content: `${t('storage.deleteManyWarning', { names: selected.map((file) => file.name).join(', ') })} ${t('list.deleteWarning')}`,
      okText: t('list.delete'),
      onConfirm: async () => {
        const files = selected;
        await remove.mutateAsync(files.map((file) => file.id));
        forget(files);
        message.success(t('list.deleted'));
      },
    });

  const columns: DataColumn<StoredFile>[] = [
    {
      key: 'preview',
      title: t('storage.preview'),
      width: 80,
      render: (_, file) => {
        if (file.type === 'image') {
          return (
            <Image
              src={file.url}
              alt={t('storage.previewOf', { name: file.name })}
              width={40}
              height={40}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          );
        }
        const Icon = TYPE_ICONS[file.type] ?? FileOutlined;
        return (
          <Flex justify="center" align="center" style={{ width: 40, height: 40, fontSize: 22, opacity: 0.65 }}>
            <Icon aria-hidden />
          </Flex>
        );
      },
    },
    {
      key: 'name',
      title: t('storage.name'),
      dataIndex: 'name',
      sortField: 'name',
      ellipsis: true,
      width: 260,
    },
    {
      key: 'type',
      title: t('storage.type'),
      dataIndex: 'type',
      width: 100,
      render: (_, file) => t(`storage.types.${file.type}`),
    },
    { key: 'suffix', title: t('storage.suffix'), dataIndex: 'suffix', width: 100 },
    {
      key: 'size',
      title: t('storage.size'),
      dataIndex: 'size',
      sortField: 'size',
      width: 100,
      render: (_, file) => formatBytes(file.size),
    },
    { key: 'createBy', title: t('storage.createBy'), dataIndex: 'createBy', width: 120 },
    { key: 'createTime', title: t('storage.createTime'), dataIndex: 'createTime', sortField: 'createTime', width: 180 },
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Storage')} />
      <Permission allow={['storage:add']}>
        <div style={{ marginBottom: 16 }}>
          <FileDropzone />
        </div>
      </Permission>
      <SearchBar<FileFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('storage.search')}>
          <Input placeholder={t('storage.searchPlaceholder')} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="type" label={t('storage.type')}>
          <Select
            allowClear
            placeholder={t('storage.typeAll')}
            style={{ width: 140 }}
            options={FILE_CATEGORIES.map((category) => ({ value: category, label: t(`storage.types.${category}`) }))}
          />
        </Form.Item>
        <CreatedBetween label={t('storage.createTime')} />
      </SearchBar>
      <DataTable<StoredFile, FileFilters>
        tableId="storage"
        label={t('storage.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(file) => file.id}
        actions={
          <Permission allow={['storage:del']}>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={selected.length === 0}
              onClick={askToDeleteSelected}
            >
              {t('storage.deleteSelected', { count: selected.length })}
            </Button>
          </Permission>
        }
        tableProps={
          mayDelete
            ? {
                rowSelection: {
                  selectedRowKeys: selected.map((file) => file.id),
                  onChange: (_keys: Key[], rows: StoredFile[]) => setSelected(rows),
                  preserveSelectedRowKeys: false,
                },
              }
            : undefined
        }
      />
      <RenameForm dialog={dialog} />
    </Card>
  );
}
