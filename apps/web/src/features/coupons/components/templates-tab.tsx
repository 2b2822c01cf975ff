import { CaretRightOutlined, PauseOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  COUPON_PERMISSIONS,
  COUPON_TYPES,
  type CouponTemplate,
  ISSUE_TYPES,
  TEMPLATE_STATE_MACHINE,
  TEMPLATE_STATUSES,
  type TemplateStatus,
  templateMovesFrom,
} from '@water/contract/coupons';
import { COUPON_TEMPLATE_COLUMNS } from '@water/contract/coupons-columns';
import { allows } from '@water/contract/state-machine';
import { App, Form, Input, Progress, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PERMISSION, useHistoryDrawer } from '@/components/change-history/history-drawer.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useDeleteTemplates, useSetTemplateStatus, useTemplates } from '../api/coupons.ts';
import { couponValueText } from './coupon-value.ts';
import { PushForm } from './push-form.tsx';
import { TemplateForm } from './template-form.tsx';

/** The filters of `GET /api/coupons/templates`, as the contract declares them. */
type TemplateFilters = ListFilters<'GET /api/coupons/templates'>;

const STATUS_COLORS = { DRAFT: 'default', ACTIVE: 'success', PAUSED: 'warning', ENDED: 'default' } as const;
const MOVE_ICONS = {
  ACTIVE: <CaretRightOutlined aria-hidden />,
  PAUSED: <PauseOutlined aria-hidden />,
  ENDED: <StopOutlined aria-hidden />,
  DRAFT: null,
};

/** The coupon templates: their terms, status and figures; add, change a draft, start, pause, end, push. */
export function TemplatesTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListState<TemplateFilters>({ initialFilters: {} });
  const query = useTemplates(list.params);
  const dialog = useFormDialog<CouponTemplate>();
  const remove = useDeleteTemplates();
  const setStatus = useSetTemplateStatus();
  const [pushing, setPushing] = useState<{ template?: CouponTemplate; session: number }>({ session: 0 });
  const warning = t('coupons.deleteWarning');
  const isDraft = (template: CouponTemplate) => allows(TEMPLATE_STATE_MACHINE, template.status, 'EDIT');
  const bulk = useBulkDelete<CouponTemplate>({
    allow: COUPON_PERMISSIONS.del,
    rowKey: (template) => template.id,
    warning,
    run: (templates) => remove.mutateAsync(templates.map((template) => template.id)),
  });
  const move = (template: CouponTemplate, status: TemplateStatus) => {
    const run = async () => {
      await setStatus.mutateAsync({ id: template.id, status });
      message.success(t('coupons.statusChanged', { name: template.name, status: t(`coupons.statuses.${status}`) }));
    };
    if (status === 'PAUSED' || (status === 'ACTIVE' && template.status === 'PAUSED')) return void run();
    const starting = status === 'ACTIVE';
    confirm({
      title: t(starting ? 'coupons.startConfirm' : 'coupons.endConfirm', { name: template.name }),
      content: t(starting ? 'coupons.startDetail' : 'coupons.endDetail'),
      okText: t(starting ? 'coupons.start' : 'coupons.end'),
      danger: !starting,
      onConfirm: run,
    });
  };
  const moveLabel = (template: CouponTemplate, status: TemplateStatus) =>
    status === 'ACTIVE'
      ? t(template.status === 'PAUSED' ? 'coupons.resume' : 'coupons.start')
      : status === 'PAUSED'
        ? t('coupons.pause')
        : t('coupons.end');
  const history = useHistoryDrawer<CouponTemplate>({
    recordType: 'coupon-template',
    idOf: (template) => template.id,
    nameOf: (template) => template.name,
  });
  const actions = useActionsColumn<CouponTemplate>({
    nameOf: (template) => template.name,
    width: 180,
    edit: { allow: COUPON_PERMISSIONS.edit, onClick: dialog.openEdit, disabled: (template) => !isDraft(template) },
    extra: {
      allow: [COUPON_PERMISSIONS.edit, COUPON_PERMISSIONS.issue, HISTORY_PERMISSION],
      actions: (template) => [
        ...templateMovesFrom(template.status).map((status) => ({
          key: status,
          label: moveLabel(template, status),
          icon: MOVE_ICONS[status],
          allow: COUPON_PERMISSIONS.edit,
          danger: status === 'ENDED',
          onClick: () => move(template, status),
        })),
        ...(template.issueType === 'PUSH'
          ? [
              {
                key: 'push',
                label: t('coupons.push'),
                icon: <SendOutlined aria-hidden />,
                allow: COUPON_PERMISSIONS.issue,
                disabled: !allows(TEMPLATE_STATE_MACHINE, template.status, 'ISSUE'),
                onClick: () => setPushing((previous) => ({ template, session: previous.session + 1 })),
              },
            ]
          : []),
        history.action(template),
      ],
    },
    remove: {
      allow: COUPON_PERMISSIONS.del,
      warning,
      run: (template) => remove.mutateAsync([template.id]),
      disabled: (template) => !allows(TEMPLATE_STATE_MACHINE, template.status, 'DELETE'),
    },
  });
  const columns: DataColumn<CouponTemplate>[] = [
    ...declaredColumns<CouponTemplate, typeof COUPON_TEMPLATE_COLUMNS>(COUPON_TEMPLATE_COLUMNS, t, i18n.language, {
      value: {
        title: t('coupons.value'),
        render: (_, template) => (
          <>
            <div>{couponValueText(t, i18n.language, template)}</div>
            <small style={{ opacity: 0.65 }}>
              {template.minSpend > 0
                ? t('coupons.minSpendShort', { amount: formatFen(template.minSpend, i18n.language) })
                : t('coupons.noMinimum')}
            </small>
          </>
        ),
      },
      scope: {
        ellipsis: true,
        render: (_, template) =>
          template.scope === 'ALL'
            ? t('coupons.scopeShort.ALL')
            : `${t(`coupons.scopeShort.${template.scope}`)}: ${template.scopeNames.join(', ')}`,
      },
      issueType: {
        render: (_, template) =>
          template.issueType === 'CODE' ? (
            <Tooltip title={template.claimCode}>
              {t('coupons.issueShort.CODE')}: <code>{template.claimCode}</code>
            </Tooltip>
          ) : (
            t(`coupons.issueShort.${template.issueType}`)
          ),
      },
      validity: {
        render: (_, template) =>
          template.validType === 'DAYS'
            ? t('coupons.validDaysShort', { count: template.validDays ?? 0 })
            : `${template.validFrom?.slice(0, 10)} – ${template.validTo?.slice(0, 10)}`,
      },
      status: {
        render: (_, template) => (
          <Tag color={STATUS_COLORS[template.status]}>{t(`coupons.statuses.${template.status}`)}</Tag>
        ),
      },
      issued: {
        ellipsis: false,
        align: 'right',
        render: (_, template) =>
          template.total > 0 ? `${template.issuedCount} / ${template.total}` : template.issuedCount,
      },
      redemption: {
        title: t('coupons.redemption'),
        ellipsis: false,
        render: (_, { counts }) => (
          <Tooltip title={`${t('coupons.usedCount')} ${counts.used} · ${t('coupons.expiredCount')} ${counts.expired}`}>
            <Progress
              size="small"
              percent={counts.issued === 0 ? 0 : Math.round((counts.used / counts.issued) * 100)}
              format={() => `${counts.used}`}
            />
          </Tooltip>
        ),
      },
      owner: { render: (_, template) => template.agentName ?? t('coupons.platform') },
    }),
    ...actions,
  ];
  return (
    <>
      <SearchBar<TemplateFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('coupons.search')}>
          <Input placeholder={t('coupons.templateSearch')} allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="type" label={t('coupons.type')}>
          <EnumSelect values={COUPON_TYPES} labelOf={(value) => t(`coupons.types.${value}`)} />
        </Form.Item>
        <Form.Item name="issueType" label={t('coupons.issueType')}>
          <EnumSelect values={ISSUE_TYPES} labelOf={(value) => t(`coupons.issueShort.${value}`)} width={120} />
        </Form.Item>
        <Form.Item name="status" label={t('coupons.status')}>
          <EnumSelect values={TEMPLATE_STATUSES} labelOf={(value) => t(`coupons.statuses.${value}`)} width={120} />
        </Form.Item>
      </SearchBar>
      <DataTable<CouponTemplate, TemplateFilters>
        tableId="coupon-templates"
        label={t('coupons.templatesLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(template) => template.id}
        exportTo={{ route: 'GET /api/coupons/templates/download', name: 'coupon-templates' }}
        tableProps={{
          rowSelection: bulk.rowSelection && {
            ...bulk.rowSelection,
            getCheckboxProps: (template) => ({ disabled: !isDraft(template) }),
          },
        }}
        actions={
          <>
            <AddButton allow={COUPON_PERMISSIONS.add} onClick={dialog.openCreate} />
            {bulk.button}
          </>
        }
      />
      <TemplateForm dialog={dialog} />
      <PushForm
        template={pushing.template}
        session={pushing.session}
        onClose={() => setPushing((previous) => ({ session: previous.session }))}
      />
      {history.drawer}
    </>
  );
}
