// @vitest-environment jsdom
import '../test/antd-jsdom.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { applyFieldErrors } from './field-errors.ts';

afterEach(cleanup);

describe('applyFieldErrors with an antd form', () => {
  it('shows the server message under the field it names', async () => {
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
    let applied = false;
    await act(async () => {
      applied = applyFieldErrors(form!, new ApiError(400, 'phone: must be 11 digits starting with 1'));
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('Must be 11 digits starting with 1')).toBeTruthy();
    expect(applyFieldErrors(form!, new ApiError(400, 'nickName: is required'))).toBe(false);
  });
});
