// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, Button, Form, Input, Radio } from 'antd';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal.tsx';
import { useFormDialog } from './list/use-form-dialog.ts';

afterEach(cleanup);

interface Job {
  name: string;
  enabled: string;
}

const NEW_JOB: Job = { name: '', enabled: 'true' };

function Jobs({ onSubmit }: { onSubmit: (values: Job) => Promise<void> }) {
  const dialog = useFormDialog<Job>();
  const [form] = Form.useForm<Job>();
  return (
    <App>
      <Button onClick={dialog.openCreate}>Add</Button>
      <Button onClick={() => dialog.openEdit({ name: 'Driver', enabled: 'false' })}>Edit Driver</Button>
      <Button onClick={() => dialog.openEdit({ name: 'Cashier', enabled: 'true' })}>Edit Cashier</Button>
      <FormModal<Job>
        key={dialog.session}
        open={dialog.open}
        editing={dialog.record !== undefined}
        title="Job"
        form={form}
        initialValues={dialog.record ?? NEW_JOB}
        onSubmit={onSubmit}
        onClose={dialog.close}
      >
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Form.Item name="enabled" label="Status">
          <Radio.Group
            options={[
              { value: 'true', label: 'Enabled' },
              { value: 'false', label: 'Disabled' },
            ]}
          />
        </Form.Item>
      </FormModal>
    </App>
  );
}

// Under StrictMode with React's development build (as vitest runs it), as in `npm run dev`.
function renderJobs() {
  const onSubmit = vi.fn(async (_: Job) => {});
  render(
    <StrictMode>
      <Jobs onSubmit={onSubmit} />
    </StrictMode>,
  );
  return onSubmit;
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('FormModal in a development build', () => {
  it('opens an edit dialog filled with the record, each time with the record chosen', async () => {
    renderJobs();
    await click('Edit Driver');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Driver');
    expect((screen.getByLabelText('Disabled') as HTMLInputElement).checked).toBe(true);
    await click('Cancel');
    await click('Edit Cashier');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Cashier');
    expect((screen.getByLabelText('Enabled') as HTMLInputElement).checked).toBe(true);
  });

  it('opens a create dialog with the defaults and sends them when left untouched', async () => {
    const onSubmit = renderJobs();
    await click('Edit Driver');
    await click('Cancel');
    await click('Add');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Enabled') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Porter' } });
    await click('Save');
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Porter', enabled: 'true' }));
    expect(await screen.findByText('Created')).toBeTruthy();
  });
});
