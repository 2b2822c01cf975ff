import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toggleColumn } from './column-visibility.ts';

export interface ChoosableColumn {
  key: string;
  title: string;
}

interface ColumnChooserProps {
  columns: readonly ChoosableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** Which columns a table shows; the table remembers the choice in this browser. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shownCount = columns.filter((column) => !hidden.includes(column.key)).length;
  const content = (
    <Flex vertical gap={6} style={{ minWidth: 160 }}>
      {columns.map((column) => {
        const visible = !hidden.includes(column.key);
        return (
          <Checkbox
            key={column.key}
            checked={visible}
            // The last shown column stays: a table without columns shows nothing at all.
            disabled={visible && shownCount === 1}
            onChange={(event) => onChange(toggleColumn(hidden, column.key, event.target.checked))}
          >
            {column.title}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" disabled={hidden.length === 0} onClick={() => onChange([])}>
        {t('list.showAllColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={<Typography.Text strong>{t('list.columnsTitle')}</Typography.Text>}
      content={content}
    >
      <Tooltip title={t('list.columns')}>
        <Button icon={<SettingOutlined aria-hidden />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
}
