import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../permission.tsx';

export interface RowAction {
  key: string;
  /** What the button does ("Reset password"); with the row's name it is the button's accessible name. */
  label: string;
  icon: ReactNode;
  /** The permission the action needs; the button is absent without it. */
  allow: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

interface RowActionsProps {
  /** Names the row: the buttons are "Edit Driver", "Delete Driver" to assistive technology. */
  name: string;
  edit?: Omit<RowAction, 'key' | 'label' | 'icon'>;
  remove?: Omit<RowAction, 'key' | 'label' | 'icon' | 'danger'>;
  /** Further actions, between Edit and Delete. */
  extra?: RowAction[];
}

/**
 * Whether row actions show their words beside their icons: on a phone's card, where there is room
 * for them and no pointer to hover for a tooltip.
 */
export const RowActionsWithWords = createContext(false);

/**
 * The buttons of a row, each present only for users who may use it: compact icons with a tooltip
 * in a table, icons with their words on a card.
 */
export function RowActions({ name, edit, remove, extra = [] }: RowActionsProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const withWords = useContext(RowActionsWithWords);
  const actions: RowAction[] = [
    ...(edit ? [{ ...edit, key: 'edit', label: t('list.edit'), icon: <EditOutlined aria-hidden /> }] : []),
    ...extra,
    ...(remove
      ? [{ ...remove, key: 'delete', label: t('list.delete'), icon: <DeleteOutlined aria-hidden />, danger: true }]
      : []),
  ].filter((action) => can([action.allow]));
  const button = (action: RowAction) => (
    <Button
      key={action.key}
      type={withWords ? 'default' : 'text'}
      size="small"
      icon={action.icon}
      danger={action.danger}
      disabled={action.disabled}
      onClick={(event) => {
        // A click on a row's button does not also choose the row.
        event.stopPropagation();
        action.onClick();
      }}
      aria-label={`${action.label} ${name}`}
    >
      {withWords ? action.label : undefined}
    </Button>
  );
  if (withWords) {
    return (
      <Space size={8} wrap>
        {actions.map(button)}
      </Space>
    );
  }
  return (
    <Space size={4}>
      {actions.map((action) => (
        <Tooltip key={action.key} title={action.label}>
          {button(action)}
        </Tooltip>
      ))}
    </Space>
  );
}
