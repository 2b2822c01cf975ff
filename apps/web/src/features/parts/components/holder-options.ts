import type { Holder, HolderKind } from '@water/contract/parts';
import type { TFunction } from 'i18next';
import { useTechnicianChoices, useWarehouses } from '../api/parts.ts';

/** A holder as a select's value: `WAREHOUSE:3`. */
export const holderValue = (holder: Holder) => `${holder.kind}:${holder.id}`;

export function holderOf(value: string): Holder {
  const [kind, id] = value.split(':');
  return { kind: kind as HolderKind, id: Number(id) };
}

/** The warehouses and technicians as options of a holder select, grouped by kind. */
export function useHolderOptions(t: TFunction) {
  const warehouses = useWarehouses();
  const technicians = useTechnicianChoices();
  return [
    {
      label: t('parts.holderKinds.WAREHOUSE'),
      options: (warehouses.data ?? []).map((w) => ({
        value: holderValue({ kind: 'WAREHOUSE', id: w.id }),
        label: w.name,
      })),
    },
    {
      label: t('parts.holderKinds.TECHNICIAN'),
      options: (technicians.data ?? []).map((user) => ({
        value: holderValue({ kind: 'TECHNICIAN', id: user.userId }),
        label: user.nickName || user.username,
      })),
    },
  ];
}
