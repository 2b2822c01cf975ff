import { useCallback, useState } from 'react';

export interface FormDialog<T> {
  open: boolean;
  /** The record being edited; undefined when creating. */
  record: T | undefined;
  /** Bumped on every opening, as the dialog's key, so each opening starts from fresh values. */
  session: number;
  openCreate: () => void;
  openEdit: (record: T) => void;
  close: () => void;
}

/** Which create / edit dialog of a list is open, and for which row. */
export function useFormDialog<T>(): FormDialog<T> {
  const [state, setState] = useState<{ open: boolean; record: T | undefined; session: number }>({
    open: false,
    record: undefined,
    session: 0,
  });
  const openCreate = useCallback(
    () => setState((previous) => ({ open: true, record: undefined, session: previous.session + 1 })),
    [],
  );
  const openEdit = useCallback(
    (record: T) => setState((previous) => ({ open: true, record, session: previous.session + 1 })),
    [],
  );
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  return { ...state, openCreate, openEdit, close };
}
