// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '@water/contract/tasks';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundExport } from '@/components/list/background-export.tsx';
import type { ListParams } from '@/components/list/list-params.ts';
import { i18n } from '@/lib/i18n.ts';
import { setTasksOpened } from '@/lib/layout-state.ts';
import { onPhoneScreen } from '@/test/phone-screen.ts';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { TasksButton } from './tasks-button.tsx';

const task = (id: number, fields: Partial<Task>): Task => ({
  id,
  kind: 'orders-export',
  state: 'QUEUED',
  progress: 0,
  attempts: 0,
  error: null,
  subjectId: id + 100,
  createTime: '2026-11-27 10:00:00',
  doneTime: null,
  ...fields,
});

const queued = task(1, {});
const running = task(2, { state: 'RUNNING', progress: 42, attempts: 1 });
const done = task(3, { state: 'DONE', progress: 100, attempts: 2, doneTime: '2026-11-27 10:05:00' });
const failed = task(4, {
  state: 'FAILED',
  attempts: 3,
  error: 'The task could not be done; try again.',
  doneTime: '2026-11-27 10:06:00',
});

/** The fake server: the tasks, and what was asked of it. */
function serve(tasks: Task[]) {
  const calls: InternalAxiosRequestConfig[] = [];
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/tasks/4/retry') return { ...failed, state: 'QUEUED', attempts: 0, error: null };
    if (config.url === 'api/exports/103/file') return new Blob(['xlsx']);
    return tasks;
  });
  return calls;
}

const openDrawer = async (name = 'Background jobs') => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};

describe('the jobs drawer', () => {
  afterEach(async () => {
    setTasksOpened(false);
    cleanUpPage();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('counts the jobs under way and shows each: queued, running with its progress, done, failed with the reason', async () => {
    serve([queued, running, done, failed]);
    renderPage(<TasksButton />, []);
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.textContent).toBe('2'));
    const drawer = await openDrawer();
    expect(within(drawer).getByText('Background jobs')).toBeTruthy();
    expect(within(drawer).getByText('Queued')).toBeTruthy();
    const progress = within(drawer).getByRole('progressbar', { name: 'Orders export 42%' });
    expect(progress.getAttribute('aria-valuenow')).toBe('42');
    expect(within(drawer).getByText('Done')).toBeTruthy();
    expect(within(drawer).getByText(/Finished 2026-11-27 10:05:00 · Attempt 2/)).toBeTruthy();
    expect(within(drawer).getByText('The task could not be done; try again.')).toBeTruthy();
    // Only a finished job downloads, only a failed one is retried.
    expect(within(drawer).getAllByRole('button', { name: /^Download/ })).toHaveLength(1);
    expect(within(drawer).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
  });

  it('downloads what a finished job made, and queues a failed one again', async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = serve([done, failed]);
    renderPage(<TasksButton />, []);
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: /^Download/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.some((call) => call.url === 'api/exports/103/file')).toBe(true);
    expect(saved[0]).toMatch(/-orders\.xlsx$/);

    fireEvent.click(within(drawer).getByRole('button', { name: /^Retry/ }));
    await screen.findByText('Queued again');
    expect(calls.find((call) => call.url === 'api/tasks/4/retry')?.method).toBe('post');
  });

  const paidOrders: ListParams<{ status: string }> = { page: 0, size: 10, status: 'PAID' };

  it('opens when a list has just started an export in the background, which shows there queued', async () => {
    const calls = serve([queued]);
    renderPage(
      <>
        <TasksButton />
        <BackgroundExport route="POST /api/orders/exports" params={paidOrders} total={60_000} />
      </>,
      [],
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Export all 60000 in the background' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Orders export')).toBeTruthy();
    const started = calls.find((call) => call.url === 'api/orders/exports');
    // The list's filters, without its page.
    expect(started?.method).toBe('post');
    expect(JSON.parse(String(started?.data))).toEqual({ status: 'PAID' });
  });

  it('offers no background export for a list short enough to download at once', async () => {
    serve([]);
    renderPage(<BackgroundExport route="POST /api/orders/exports" params={{ page: 0, size: 10 }} total={50_000} />, []);
    await waitFor(() => expect(screen.queryByRole('button', { name: /in the background/ })).toBeNull());
  });

  it('names every kind of job in both languages, and offers a download only for an export', async () => {
    const kinds = [
      task(5, { kind: 'statements', state: 'RUNNING', progress: 40, attempts: 1 }),
      task(6, { kind: 'notification-delivery', state: 'RUNNING', progress: 10, attempts: 1 }),
      task(8, { kind: 'statements', state: 'DONE', progress: 100, attempts: 1, doneTime: '2026-11-27 10:07:00' }),
    ];
    serve(kinds);
    renderPage(<TasksButton />, []);
    let drawer = await openDrawer();
    for (const name of ['Agent statements 40%', 'Notification delivery 10%'])
      expect(within(drawer).getByRole('progressbar', { name })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /^Download/ })).toBeNull();
    cleanUpPage();
    setTasksOpened(false);

    await i18n.changeLanguage('zh-CN');
    serve(kinds);
    renderPage(<TasksButton />, []);
    drawer = await openDrawer('后台任务');
    for (const name of ['代理商对账单 40%', '通知发送 10%'])
      expect(within(drawer).getByRole('progressbar', { name })).toBeTruthy();
  });

  describe('on a phone, in Chinese', () => {
    onPhoneScreen();

    it('fits the screen and speaks Chinese', async () => {
      await i18n.changeLanguage('zh-CN');
      serve([running, failed]);
      renderPage(<TasksButton />, []);
      const drawer = await openDrawer('后台任务');
      expect(within(drawer).getByText('进行中')).toBeTruthy();
      expect(within(drawer).getByRole('button', { name: /^重试/ })).toBeTruthy();
      const wrapper = drawer.closest('.ant-drawer-content-wrapper') as HTMLElement | null;
      expect(wrapper?.style.maxWidth).toBe('100vw');
    });
  });
});
