import { RocketOutlined } from '@ant-design/icons';
import { FIRMWARE_PERMISSIONS, type FirmwarePackage } from '@water/contract/firmware';
import { FIRMWARE_PACKAGE_COLUMNS } from '@water/contract/firmware-columns';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { Permission } from '@/components/permission.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { useDeletePackage, usePackages } from '../api/firmware.ts';
import { UploadForm } from './upload-form.tsx';

type PackageFilters = ListFilters<'GET /api/firmware/packages'>;

/** Bytes as people read them: `812 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The firmware packages: upload one, roll one out, delete one no rollout takes. */
export function PackagesTab({ onRollOut }: { onRollOut: (pkg: FirmwarePackage) => void }) {
  const { t, i18n } = useTranslation();
  const list = useListState<PackageFilters>({ initialFilters: {} });
  const query = usePackages(list.params);
  const remove = useDeletePackage();
  const [uploading, setUploading] = useState({ open: false, session: 0 });
  const actions = useActionsColumn<FirmwarePackage>({
    nameOf: (pkg) => `${pkg.modelName} ${pkg.version}`,
    width: 150,
    extra: {
      allow: [FIRMWARE_PERMISSIONS.firmware],
      actions: (pkg) => [
        {
          key: 'rollOut',
          label: t('firmware.startRollout'),
          icon: <RocketOutlined aria-hidden />,
          allow: FIRMWARE_PERMISSIONS.firmware,
          onClick: () => onRollOut(pkg),
        },
      ],
    },
    remove: {
      allow: FIRMWARE_PERMISSIONS.firmware,
      warning: (pkg) => t('firmware.deleteConfirm', { version: pkg.version }),
      run: (pkg) => remove.mutateAsync(pkg.id),
      disabled: (pkg) => pkg.inUse,
    },
  });
  const columns: DataColumn<FirmwarePackage>[] = [
    ...declaredColumns<FirmwarePackage, typeof FIRMWARE_PACKAGE_COLUMNS>(FIRMWARE_PACKAGE_COLUMNS, t, i18n.language, {
      version: { render: (_, pkg) => <code>{pkg.version}</code> },
      size: { render: (_, pkg) => formatBytes(pkg.size) },
      sha256: {
        render: (_, pkg) => (
          <Typography.Text copyable={{ text: pkg.sha256 }} code>
            {pkg.sha256.slice(0, 12)}…
          </Typography.Text>
        ),
      },
    }),
    ...actions,
  ];
  return (
    <>
      <DataTable<FirmwarePackage, PackageFilters>
        tableId="firmware-packages"
        label={t('firmware.packages')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(pkg) => pkg.id}
        actions={
          <Permission allow={[FIRMWARE_PERMISSIONS.firmware]}>
            <Button
              type="primary"
              onClick={() => setUploading((previous) => ({ open: true, session: previous.session + 1 }))}
            >
              {t('firmware.upload')}
            </Button>
          </Permission>
        }
      />
      <UploadForm
        open={uploading.open}
        session={uploading.session}
        onClose={() => setUploading((previous) => ({ ...previous, open: false }))}
      />
    </>
  );
}
