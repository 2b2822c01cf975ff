import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@water/contract/users';
import { Form, type FormRule, Input } from 'antd';
import { sameAsRule } from '@/lib/form-rules.ts';

interface NewPasswordFieldsProps {
  /** The form field of the new password; its confirmation is the field `confirm`. */
  name: string;
  /** The new password's label, its help below, and its messages when missing or of the wrong length. */
  password: { label: string; help: string; required: string; length: string };
  /** Further rules of the new password, e.g. that it differs from the current one. */
  rules?: FormRule[];
  /** The confirmation's label, and its messages when missing or different. */
  confirm: { label: string; required: string; mismatch: string };
}

/** A new password typed twice: within the allowed length, and the second time the same as the first. */
export function NewPasswordFields({ name, password, rules = [], confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        name={name}
        label={password.label}
        extra={password.help}
        rules={[
          { required: true, message: password.required },
          { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: password.length },
          ...rules,
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirm.label}
        dependencies={[name]}
        rules={[{ required: true, message: confirm.required }, sameAsRule(name, confirm.mismatch)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
