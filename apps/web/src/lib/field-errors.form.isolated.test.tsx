// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import type { FieldErrorTarget } from './field-errors.ts';
import { reportFormError } from './form-error.ts';
import { notifyError } from './notifier.ts';

vi.mock('./notifier.ts', () => ({ notifyError: vi.fn() }));

beforeEach(() => vi.mocked(notifyError).mockClear());
afterEach(cleanup);

function renderProfileForm(): FieldErrorTarget {
  let form: FormInstance | undefined;
  function ProfileForm() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance}>
        <Form.Item label="Phone" name="phone">
          <Input />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<ProfileForm />);
  return form as unknown as FieldErrorTarget;
}

describe('reportFormError with an antd form', () => {
  it('shows every field error under its field and the others as a notification', async () => {
    const form = renderProfileForm();
    await act(async () => {
      reportFormError(
        form,
        new ApiError(400, 'phone: must be 11 digits', 'http', {
          code: 'VALIDATION_FAILED',
          fieldErrors: [
            { field: 'phone', code: 'invalid', message: 'must be 11 digits starting with 1' },
            { field: 'email', code: 'taken', message: 'is taken', params: { value: 'a@b.c' } },
            { field: 'nickName', code: 'too_long', message: 'is too long', params: { limit: 20 } },
          ],
        }),
      );
    });
    expect(await screen.findByText('Must be 11 digits starting with 1')).toBeTruthy();
    expect(screen.getByText('Already in use')).toBeTruthy();
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('nickName: At most 20 characters');
  });

  it("notifies the server's message when the failure names no field", () => {
    const form = renderProfileForm();
    reportFormError(form, new ApiError(409, 'The job is still held by 2 users', 'http', { code: 'RULE_VIOLATED' }));
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('The job is still held by 2 users');
  });
});
