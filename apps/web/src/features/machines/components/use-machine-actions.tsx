import {
  EditOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  LogoutOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  COMPANY_ACTIONS,
  DEVICE_PERMISSIONS,
  type LifecycleAction,
  lifecycleActionsFrom,
  MACHINE_STATE_MACHINE,
  type Machine,
} from '@water/contract/machines';
import { allows } from '@water/contract/state-machine';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '@/components/list/row-actions.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { usePermission } from '@/components/permission.tsx';
import { toApiError } from '@/lib/api-error.ts';
import { notifyError } from '@/lib/notifier.ts';
import { useSession } from '@/lib/session.ts';
import { useChangeLifecycle } from '../api/machine-changes.ts';
import { EditMachineForm } from './edit-machine-form.tsx';
import { type DialogAction, type LifecycleChange, LifecycleForm } from './lifecycle-form.tsx';

const ICONS: Record<LifecycleAction, ReactNode> = {
  INSTALL: <EnvironmentOutlined aria-hidden />,
  SUSPEND: <PauseCircleOutlined aria-hidden />,
  RESUME: <PlayCircleOutlined aria-hidden />,
  RETIRE: <LogoutOutlined aria-hidden />,
  RESTOCK: <InboxOutlined aria-hidden />,
  SCRAP: <StopOutlined aria-hidden />,
};

/** Actions done at once, without a dialog: they take nothing away and are undone by the other. */
const AT_ONCE: readonly LifecycleAction[] = ['SUSPEND', 'RESUME'];

export interface MachineActions {
  /** What the user may do to the machine now: edit it, and the lifecycle actions its state table allows. */
  actionsOf: (machine: Machine) => RowAction[];
  /** The dialogs those actions open, to render once on the page. */
  dialogs: ReactNode;
}

/**
 * A machine's actions as its state table and the user's permissions allow them: edit, install,
 * suspend, resume, retire, and, for staff whose data scope is the whole company, restock and
 * scrap. Each one says it is done, or why the server refused it, in the console's language.
 */
export function useMachineActions(): MachineActions {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const unrestricted = useSession((state) => state.unrestricted);
  const change = useChangeLifecycle();
  const editing = useFormDialog<Machine>();
  const [asking, setAsking] = useState<{ change?: LifecycleChange; open: boolean; session: number }>({
    open: false,
    session: 0,
  });

  const runAtOnce = async (machine: Machine, action: LifecycleAction) => {
    try {
      await change.mutateAsync({ id: machine.id, input: { action } });
      message.success(t(`machines.lifecycleDone.${action}`, { serial: machine.serialNo }));
    } catch (error) {
      const refusal = toApiError(error);
      // A call that got no answer was reported by the client already.
      if (refusal.status !== 0) notifyError(refusal.message);
    }
  };

  const actionsOf = (machine: Machine): RowAction[] => {
    const lifecycle = lifecycleActionsFrom(machine.lifecycle, (permission) => can([permission])).filter(
      (action) => unrestricted || !COMPANY_ACTIONS.includes(action),
    );
    return [
      ...(allows(MACHINE_STATE_MACHINE, machine.lifecycle, 'EDIT')
        ? [
            {
              key: 'edit',
              label: t('machines.edit'),
              icon: <EditOutlined aria-hidden />,
              allow: DEVICE_PERMISSIONS.edit,
              onClick: () => editing.openEdit(machine),
            },
          ]
        : []),
      ...lifecycle.map((action) => ({
        key: action,
        label: t(`machines.lifecycleActions.${action}`),
        icon: ICONS[action],
        allow: DEVICE_PERMISSIONS.operate,
        danger: action === 'SCRAP',
        onClick: () =>
          AT_ONCE.includes(action)
            ? void runAtOnce(machine, action)
            : setAsking((previous) => ({
                change: { machine, action: action as DialogAction },
                open: true,
                session: previous.session + 1,
              })),
      })),
    ];
  };

  return {
    actionsOf,
    dialogs: (
      <>
        <EditMachineForm dialog={editing} />
        <LifecycleForm
          open={asking.open}
          change={asking.change}
          session={asking.session}
          onClose={() => setAsking((previous) => ({ ...previous, open: false }))}
        />
      </>
    ),
  };
}
