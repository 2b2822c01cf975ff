import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Thrown by a form's submit when the person did not confirm: the form stays open, nothing is said. */
export const NOT_CONFIRMED = Symbol('not confirmed');

/** Whether a form's failure is only that the person did not confirm (FormModal's `onError`). */
export const notConfirmed = (error: unknown) => error === NOT_CONFIRMED;

/**
 * Asks before a form's action that moves money, in the console's themed dialog: resolves when
 * confirmed, throws NOT_CONFIRMED when not. The form then sends, and reports what the server says.
 */
export function useConfirmFirst(): (question: {
  title: string;
  content?: ReactNode;
  okText: string;
  danger?: boolean;
}) => Promise<void> {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return ({ title, content, okText, danger = false }) =>
    new Promise<void>((resolve, reject) => {
      modal.confirm({
        title,
        content,
        okText,
        cancelText: t('list.cancel'),
        okButtonProps: { danger },
        onOk: () => resolve(),
        // Closed any other way than OK (Cancel, Esc, the close button): not confirmed.
        onCancel: () => reject(NOT_CONFIRMED),
        afterClose: () => reject(NOT_CONFIRMED),
      });
    });
}
