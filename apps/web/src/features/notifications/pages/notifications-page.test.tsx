// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotifyChannel, NotifyDelivery } from '@water/contract/notifications';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpPage, renderPage, serveWith } from '@/test/render-page.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const channel: NotifyChannel = {
  id: 7,
  name: 'Duty group',
  kind: 'DINGTALK',
  target: 'https://oapi.dingtalk.com/…9f2c',
  secretSet: true,
  language: 'zh',
  ratePerMinute: 20,
  digestSeconds: 10,
  enabled: true,
  createTime: '2026-11-26 09:00:00',
};

const delivery = (overrides: Partial<NotifyDelivery> = {}): NotifyDelivery => ({
  id: 1,
  channelId: 7,
  channelName: 'Duty group',
  events: 'TEST',
  itemCount: 1,
  subject: 'Test message from the water console',
  escalation: false,
  state: 'SENT',
  attempts: 1,
  error: null,
  createTime: '2026-11-26 10:00:00',
  sentTime: '2026-11-26 10:00:00',
  nextAttemptTime: null,
  ...overrides,
});

const calls: InternalAxiosRequestConfig[] = [];
const sentTo = (url: string) => calls.find((call) => call.url === url && call.method !== 'get');

function serve(tested: NotifyDelivery) {
  serveWith((config) => {
    calls.push(config);
    if (config.url === 'api/notifications/channels') return { content: [channel], totalElements: 1 };
    if (config.url === 'api/notifications/channels/7/test') return tested;
    if (config.url === 'api/notifications/channels/7') return channel;
    if (config.url === 'api/notifications/deliveries') return { content: [tested], totalElements: 1 };
    return { content: [], totalElements: 0 };
  });
}

afterEach(() => {
  cleanUpPage();
  calls.length = 0;
});

describe('NotificationsPage', () => {
  it('tests a channel and shows the result in the delivery log', async () => {
    serve(delivery());
    renderPage(<NotificationsPage />, ['notify:list', 'notify:edit']);
    const table = await screen.findByRole('region', { name: 'Channels' }, { timeout: 5000 });
    expect(await within(table).findByText('https://oapi.dingtalk.com/…9f2c')).toBeTruthy();
    fireEvent.click(within(table).getByLabelText('Test Duty group'));
    await waitFor(() => expect(sentTo('api/notifications/channels/7/test')).toBeDefined());
    expect(await screen.findByText('Test message sent to Duty group')).toBeTruthy();
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    expect(await within(log).findByText('Sent')).toBeTruthy();
  });

  it('says why a test failed', async () => {
    serve(delivery({ state: 'FAILED', error: 'errcode 310000: sign not match' }));
    renderPage(<NotificationsPage />, ['notify:list', 'notify:edit']);
    const table = await screen.findByRole('region', { name: 'Channels' }, { timeout: 5000 });
    fireEvent.click(await within(table).findByLabelText('Test Duty group'));
    expect(await screen.findByText('The test message failed: errcode 310000: sign not match')).toBeTruthy();
  });

  it('keeps the address and secret kept when an edit leaves them empty', async () => {
    serve(delivery());
    renderPage(<NotificationsPage />, ['notify:list', 'notify:edit']);
    const table = await screen.findByRole('region', { name: 'Channels' }, { timeout: 5000 });
    fireEvent.click(await within(table).findByLabelText('Edit Duty group'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave empty to keep https://oapi.dingtalk.com/…9f2c')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await waitFor(() => expect(sentTo('api/notifications/channels/7')).toBeDefined());
    const body = JSON.parse(sentTo('api/notifications/channels/7')?.data as string);
    expect(body).toMatchObject({ name: 'Duty group', kind: 'DINGTALK', language: 'zh', ratePerMinute: 20 });
    expect(body).not.toHaveProperty('target');
    expect(body).not.toHaveProperty('secret');
  });

  it('offers no changes nor tests to those who may only look', async () => {
    serve(delivery());
    renderPage(<NotificationsPage />, ['notify:list']);
    const table = await screen.findByRole('region', { name: 'Channels' }, { timeout: 5000 });
    await within(table).findByText('Duty group');
    expect(within(table).queryByLabelText('Test Duty group')).toBeNull();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
  });
});
