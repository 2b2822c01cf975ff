// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Job } from '@water/contract/jobs';
import { App, Button } from 'antd';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { apiClient } from '@/lib/api-client.ts';
import { fetchDictDetail } from '@/lib/dict/fetch-dict-detail.ts';
import { JobForm } from './job-form.tsx';

vi.mock('@/lib/dict/fetch-dict-detail.ts', () => ({
  fetchDictDetail: vi.fn(async () => [
    { id: 1, dict: { id: 1 }, label: 'Enabled', value: 'true', dictSort: 1 },
    { id: 2, dict: { id: 1 }, label: 'Disabled', value: 'false', dictSort: 2 },
  ]),
}));
vi.mock('@/lib/api-client.ts', () => ({ apiClient: { post: vi.fn(async () => ({})), put: vi.fn(async () => ({})) } }));

const driver: Job = {
  id: 4,
  name: 'Driver',
  jobSort: 3,
  enabled: false,
  createTime: '2026-01-01 00:00:00',
} as Job;

function Jobs() {
  const dialog = useFormDialog<Job>();
  return (
    <>
      <Button onClick={dialog.openCreate}>Add</Button>
      <Button onClick={() => dialog.openEdit(driver)}>Edit Driver</Button>
      <JobForm dialog={dialog} />
    </>
  );
}

// StrictMode with React's development build, as `npm run dev` runs the console.
function renderJobs() {
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Jobs />
        </App>
      </QueryClientProvider>
    </StrictMode>,
  );
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

afterEach(cleanup);

describe('the job dialog in a development build', () => {
  it('edits the job chosen, starting from its values', async () => {
    renderJobs();
    await click('Edit Driver');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Driver');
    expect((await screen.findByLabelText<HTMLInputElement>('Disabled')).checked).toBe(true);
    await click('Save');
    await vi.waitFor(() =>
      expect(apiClient.put).toHaveBeenCalledWith(
        'api/job',
        { id: 4, name: 'Driver', jobSort: 3, enabled: false },
        expect.anything(),
      ),
    );
  });

  it('creates an enabled job when the status is left as offered', async () => {
    renderJobs();
    await click('Add');
    expect((await screen.findByLabelText<HTMLInputElement>('Enabled')).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Porter' } });
    await click('Save');
    await vi.waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith(
        'api/job',
        { name: 'Porter', jobSort: 999, enabled: true },
        expect.anything(),
      ),
    );
    expect(fetchDictDetail).toHaveBeenCalledWith('job_status');
  });
});
