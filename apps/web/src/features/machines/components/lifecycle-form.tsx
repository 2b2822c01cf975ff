import type { InstallSite, LifecycleAction, Machine } from '@water/contract/machines';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityDescriptor, EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import { useChangeLifecycle, useInstallSites } from '../api/machine-changes.ts';

/** The actions asked for in a dialog: installing needs a site; retiring, restocking and scrapping a yes. */
export type DialogAction = Extract<LifecycleAction, 'INSTALL' | 'RETIRE' | 'RESTOCK' | 'SCRAP'>;

export interface LifecycleChange {
  machine: Machine;
  action: DialogAction;
}

interface LifecycleFormProps {
  open: boolean;
  /** The change asked for (the last one while the dialog closes). */
  change: LifecycleChange | undefined;
  /** Bumped on every opening, as the dialog's key, so each opening starts from fresh values. */
  session: number;
  onClose: () => void;
}

interface LifecycleValues {
  siteId?: number;
  note: string;
}

/** The open sites of the agent holding a machine, by name and address. */
function installSitesOf(machineId: number): EntityDescriptor<InstallSite> {
  return {
    useEntities: (enabled) => useInstallSites(enabled ? machineId : undefined),
    valueOf: (site) => site.id,
    labelOf: (site) => `${site.name} · ${site.address}`,
  };
}

/**
 * Installs a machine at a site of the agent holding it, or, once confirmed, retires it from its
 * site, returns it to the company's stock or scraps it; each with a note kept in its history.
 */
export function LifecycleForm({ open, change, session, onClose }: LifecycleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LifecycleValues>();
  const mutation = useChangeLifecycle();
  const machine = change?.machine;
  const action = change?.action ?? 'INSTALL';
  const serial = machine?.serialNo ?? '';
  const agent = machine?.agentName ?? t('machines.stock');
  const installing = action === 'INSTALL';
  return (
    <FormModal<LifecycleValues>
      key={session}
      open={open && change !== undefined}
      editing
      width={520}
      title={t(`machines.lifecycleTitles.${action}`, { serial })}
      okText={t(`machines.lifecycleActions.${action}`)}
      doneText={t(`machines.lifecycleDone.${action}`, { serial })}
      danger={!installing}
      form={form}
      initialValues={{ note: '' }}
      onSubmit={async (values) => {
        if (!machine) return;
        const note = values.note.trim() || undefined;
        await mutation.mutateAsync({
          id: machine.id,
          input: installing ? { action, siteId: values.siteId, note } : { action, note },
        });
      }}
      onClose={onClose}
    >
      <Alert
        type={installing ? 'info' : 'warning'}
        showIcon
        title={t(`machines.lifecycleDetails.${action}`, { agent })}
        style={{ marginBottom: 16 }}
      />
      {installing && machine && (
        <Form.Item
          name="siteId"
          label={t('machines.installSite')}
          extra={t('machines.installSiteHint', { agent })}
          rules={[{ required: true, message: t('list.required', { field: t('machines.installSite') }) }]}
        >
          <EntitySelect entity={installSitesOf(machine.id)} />
        </Form.Item>
      )}
      <Form.Item name="note" label={t('machines.noteOptional')}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
