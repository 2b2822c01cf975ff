import { Form } from 'antd';
import { type EntityDescriptor, EntitySelect } from '../entity-select.tsx';

/** A list's filter by one kind of business record ("All" when empty); its choices load when it is first used. */
export function EntityFilter<T>({
  name,
  label,
  entity,
  all,
  width = 160,
}: {
  name: string;
  label: string;
  entity: EntityDescriptor<T>;
  /** The placeholder of no choice: "All". */
  all: string;
  width?: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <EntitySelect entity={entity} lazy allowClear placeholder={all} style={{ width }} />
    </Form.Item>
  );
}
