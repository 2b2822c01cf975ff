import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '../permission.tsx';

/** A list's "Add" button, shown only to holders of `allow` (e.g. `job:add`). */
export function AddButton({ allow, onClick }: { allow: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Permission allow={[allow]}>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
        {t('list.add')}
      </Button>
    </Permission>
  );
}
