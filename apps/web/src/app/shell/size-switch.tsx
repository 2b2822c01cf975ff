import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UiSize } from '@/lib/layout-rules.ts';
import { setSize, useLayout } from '@/lib/layout-state.ts';

/** antd's component size for the whole console; 'small' unless chosen otherwise (remembered in a cookie). */
export function SizeSwitch() {
  const { t } = useTranslation();
  const size = useLayout((state) => state.size);
  const names: Record<UiSize, string> = {
    large: t('topBar.sizeLarge'),
    middle: t('topBar.sizeMiddle'),
    small: t('topBar.sizeSmall'),
  };
  const items: MenuProps['items'] = (['large', 'middle', 'small'] as const).map((key) => ({ key, label: names[key] }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [size], onClick: ({ key }) => setSize(key as UiSize) }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={`${t('topBar.size')}: ${names[size]}`} />
    </Dropdown>
  );
}
