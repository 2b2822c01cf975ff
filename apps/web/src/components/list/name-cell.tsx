import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A record's name in its list, cut short with an ellipsis when long: a link that opens its
 * details (`label` names it for assistive technology), and beneath it a note (what it belongs
 * to, what kind it is) when there is one.
 */
export function NameCell({
  name,
  label,
  onOpen,
  note,
}: {
  name: string;
  label: string;
  onOpen: () => void;
  note?: ReactNode;
}) {
  return (
    <>
      <Button type="link" size="small" style={{ padding: 0, maxWidth: '100%' }} aria-label={label} onClick={onOpen}>
        <Typography.Text ellipsis style={{ color: 'inherit' }}>
          {name}
        </Typography.Text>
      </Button>
      {note && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </>
  );
}
