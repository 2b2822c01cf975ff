import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from './permission.tsx';

type Value = string | number;

/**
 * One kind of business record as a select offers it: where the records come from and how each
 * one shows. Written once per kind and list (`ACTIVE_AGENTS`, `MACHINES`), beside the hook that
 * loads them; a feature passes its own hook, as shared components import no feature.
 *
 * Method signatures, so that the descriptors of several kinds fit one `EntityDescriptor<unknown>`
 * (a form whose target is an agent, a model or a machine).
 */
export interface EntityDescriptor<T, V extends Value = number> {
  /** The records to choose from; `enabled` false holds the request (nothing to choose yet). */
  useEntities(enabled: boolean): { data?: readonly T[]; isPending: boolean };
  valueOf(entity: T): V;
  labelOf(entity: T): string;
  /** Records listed but not to be chosen (the roles above the user's own level). */
  disabledOf?(entity: T): boolean;
  /** The permission that lists these records: without it nothing is asked of the server. */
  readonly permission?: string;
}

export interface EntitySelectProps<T, V extends Value = number>
  extends Omit<SelectProps<V | V[] | null>, 'options' | 'loading' | 'notFoundContent' | 'showSearch'> {
  entity: EntityDescriptor<T, V>;
  /** Loads the records when the select is first used, not with the page: filters a visit may never touch. */
  lazy?: boolean;
  /**
   * Options listed before the records: a choice that is no record ("Platform" as a coupon's
   * owner), or the current record of a disabled select, which loads nothing.
   */
  extraOptions?: readonly { value: V | null; label: string }[];
}

/**
 * A select of business records, searched by their labels, for a form field (`value` and
 * `onChange` come from `Form.Item`) or a filter; single or `mode="multiple"`. Says when the
 * records are loading, when there are none and when the search matches none, in the console's
 * language.
 */
export function EntitySelect<T, V extends Value = number>({
  entity,
  lazy = false,
  extraOptions = [],
  ...props
}: EntitySelectProps<T, V>) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(!lazy);
  const chosen = Array.isArray(props.value) ? props.value.length > 0 : props.value != null;
  const can = usePermission();
  const allowed = entity.permission === undefined || can([entity.permission]);
  const enabled = allowed && !props.disabled && (used || chosen);
  const { data = [], isPending } = entity.useEntities(enabled);
  const loading = enabled && isPending;
  const options = [
    ...extraOptions,
    ...data.map((record) => ({
      value: entity.valueOf(record),
      label: entity.labelOf(record),
      disabled: entity.disabledOf?.(record),
    })),
  ];
  return (
    <Select<V | V[] | null>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      notFoundContent={t(loading ? 'app.loading' : options.length === 0 ? 'list.empty' : 'list.noMatch')}
      onFocus={(event) => {
        setUsed(true);
        props.onFocus?.(event);
      }}
    />
  );
}
