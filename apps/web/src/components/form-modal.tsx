import { App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FenFields, FieldNames } from '@/lib/field-errors.ts';
import { reportFormError } from '@/lib/form-error.ts';

interface FormModalProps<V extends object> {
  open: boolean;
  title: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Server fields this form holds under another name (`{ depts: 'deptIds' }`). */
  fieldNames?: FieldNames;
  /** Server fields in fen (`amount`): the limits of their errors are shown as money. */
  fenFields?: FenFields;
  /** Whether the form edits a record (the success says "Saved") or creates one ("Created"). */
  editing: boolean;
  /**
   * Sends the form; on success the dialog says so and closes. A failure naming a field shows on
   * that field, any other as a notification.
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  okText?: string;
  /** What the success says instead of "Saved" or "Created" (e.g. "Uploaded"). */
  doneText?: string;
  /** Red OK button: the form confirms an action that takes something away. */
  danger?: boolean;
  /** Shows a failure its own way (the rows of an import); true when it did, else the usual report follows. */
  onError?: (error: unknown) => boolean;
}

/**
 * Fills the form with its initial values once its dialog is shown. The form clears its store when
 * it unmounts (`clearOnDestroy`), so that one opening's values never leak into the next; under
 * StrictMode (development builds) React unmounts and remounts every component once, and antd
 * applies `initialValues` only at the first mount: without this, the dialog would open empty.
 */
function FillOnMount({ form }: { form: FormInstance }) {
  useLayoutEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
}

/**
 * A create or edit form in a dialog: Enter in a field submits, Esc or Cancel closes, the OK
 * button shows progress, and the server's field errors land on the fields they name.
 */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const {
    open,
    title,
    form,
    initialValues,
    fieldNames,
    fenFields,
    editing,
    onSubmit,
    onClose,
    children,
    width = 560,
    okText,
    doneText,
    danger,
    onError,
  } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      await onSubmit(values);
      message.success(doneText ?? (editing ? t('list.saved') : t('list.created')));
      onClose();
    } catch (error) {
      if (!onError?.(error)) reportFormError(form, error, fieldNames, fenFields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={okText ?? t('list.save')}
      cancelText={t('list.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy, danger }}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      modalRender={(dialog) => (
        <Form<V>
          form={form}
          // Field ids are `dialog_<field>`, distinct from the filters' ids on the same page.
          name="dialog"
          layout="vertical"
          initialValues={initialValues}
          clearOnDestroy
          onFinish={(values) => void submit(values)}
          scrollToFirstError
        >
          {dialog}
          <FillOnMount form={form} />
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
