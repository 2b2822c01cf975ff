import { Tag } from 'antd';
import { DictLabel } from './dict-label.tsx';

interface StatusTagProps {
  /** The status dictionary, e.g. `dept_status`, whose labels name the two states. */
  dict: string;
  enabled: boolean;
}

/** An enabled / disabled status, labelled by its dictionary so an edited label shows everywhere. */
export function StatusTag({ dict, enabled }: StatusTagProps) {
  return (
    <Tag color={enabled ? 'success' : 'default'}>
      <DictLabel dict={dict} value={enabled} />
    </Tag>
  );
}
