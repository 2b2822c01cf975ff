import { NOTIFY_PERMISSIONS, type NotifyRule } from '@water/contract/notifications';
import { NOTIFY_RULE_COLUMNS } from '@water/contract/notifications-columns';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useDeleteRule, useRules } from '../api/notifications.ts';
import { RuleForm } from './rule-form.tsx';

type RuleFilters = ListFilters<'GET /api/notifications/rules'>;

/** The rules: which events of which agents go to which channel, and where an unanswered alarm escalates. */
export function RulesTab() {
  const { t, i18n } = useTranslation();
  const list = useListState<RuleFilters>({ initialFilters: {} });
  const query = useRules(list.params);
  const dialog = useFormDialog<NotifyRule>();
  const remove = useDeleteRule();
  const actions = useActionsColumn<NotifyRule>({
    nameOf: (rule) => `${t(`notifications.eventNames.${rule.event}`)} → ${rule.channelName}`,
    edit: { allow: NOTIFY_PERMISSIONS.edit, onClick: dialog.openEdit },
    remove: {
      allow: NOTIFY_PERMISSIONS.edit,
      warning: t('notifications.deleteRuleConfirm'),
      run: (rule) => remove.mutateAsync(rule.id),
    },
  });
  const columns: DataColumn<NotifyRule>[] = [
    ...declaredColumns<NotifyRule, typeof NOTIFY_RULE_COLUMNS>(NOTIFY_RULE_COLUMNS, t, i18n.language, {
      agentName: { render: (_, rule) => rule.agentName ?? t('notifications.allAgents') },
      escalationChannelName: { render: (_, rule) => rule.escalationChannelName ?? '—' },
      escalateAfterMinutes: { render: (_, rule) => rule.escalateAfterMinutes ?? '—' },
    }),
    ...actions,
  ];
  return (
    <>
      <DataTable<NotifyRule, RuleFilters>
        tableId="notify-rules"
        label={t('notifications.rules')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(rule) => rule.id}
        actions={<AddButton allow={NOTIFY_PERMISSIONS.edit} onClick={dialog.openCreate} />}
      />
      <RuleForm dialog={dialog} />
    </>
  );
}
