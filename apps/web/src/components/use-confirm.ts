import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText?: string;
  /** Red OK button: the action destroys or takes something away. */
  danger?: boolean;
  /** Runs when confirmed; the dialog waits for it. A failure was already reported by the client. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before an action that cannot be taken back, in the console's themed dialog. */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return ({ title, content, okText, danger = true, onConfirm }) => {
    modal.confirm({
      title,
      content,
      okText: okText ?? t('list.confirm'),
      cancelText: t('list.cancel'),
      okButtonProps: { danger },
      onOk: () => onConfirm().catch(() => undefined),
    });
  };
}
