// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, Form, Input, InputNumber } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhoneScreen } from '@/test/phone-screen.ts';
import { SearchBar } from './search-bar.tsx';

interface MachineSearch {
  blurry?: string;
  site?: string;
  noSalesHours?: number;
}

function renderBar(siteRequired = false) {
  const onSearch = vi.fn();
  const onReset = vi.fn();
  render(
    <App>
      <SearchBar<MachineSearch> onSearch={onSearch} onReset={onReset}>
        <Form.Item name="site" label="Site" rules={[{ required: siteRequired, message: 'Choose a site' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="blurry" label="Search">
          <Input />
        </Form.Item>
        <Form.Item name="noSalesHours" label="No sales for">
          <InputNumber />
        </Form.Item>
      </SearchBar>
    </App>,
  );
  return { onSearch, onReset };
}

afterEach(cleanup);

describe('SearchBar on a phone', () => {
  onPhoneScreen();

  it('shows the text search and folds the other filters behind a button that counts those in use', async () => {
    const { onSearch, onReset } = renderBar();
    const bar = within(screen.getByRole('search', { name: 'Search filters' }));
    expect(bar.getByLabelText('Search')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Site' })).toBeNull();

    fireEvent.click(bar.getByRole('button', { name: 'Filters' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Search filters' }));
    fireEvent.change(drawer.getByRole('textbox', { name: 'Site' }), { target: { value: 'North gate' } });
    fireEvent.change(drawer.getByRole('spinbutton', { name: 'No sales for' }), { target: { value: '24' } });
    await act(async () => {
      fireEvent.click(drawer.getByRole('button', { name: 'Search' }));
    });
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ site: 'North gate', blurry: undefined, noSalesHours: 24 });
    expect(bar.getByRole('button', { name: 'Filters (2)' })).toBeTruthy();
    // The drawer shuts (antd keeps it in the page, closed).
    expect(document.querySelector('.ant-drawer-open')).toBeNull();

    // A search from the bar keeps the folded filters.
    fireEvent.change(bar.getByLabelText('Search'), { target: { value: 'SN-7' } });
    await act(async () => {
      fireEvent.click(bar.getByRole('button', { name: 'Search' }));
    });
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch).toHaveBeenLastCalledWith({ site: 'North gate', blurry: 'SN-7', noSalesHours: 24 });

    fireEvent.click(bar.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalled();
    expect(bar.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});

describe('SearchBar on a phone, with a required filter folded away', () => {
  onPhoneScreen();

  it('opens the filters with the message when a search from the bar lacks it', async () => {
    const { onSearch } = renderBar(true);
    const bar = within(screen.getByRole('search', { name: 'Search filters' }));
    await act(async () => {
      fireEvent.click(bar.getByRole('button', { name: 'Search' }));
    });
    const drawer = within(await screen.findByRole('dialog', { name: 'Search filters' }));
    expect(await drawer.findByText('Choose a site')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('SearchBar on a wider screen', () => {
  it('shows every filter in its row, with no Filters button', () => {
    renderBar();
    const bar = within(screen.getByRole('search', { name: 'Search filters' }));
    expect(bar.getByRole('textbox', { name: 'Site' })).toBeTruthy();
    expect(bar.getByRole('spinbutton', { name: 'No sales for' })).toBeTruthy();
    expect(bar.queryByRole('button', { name: /Filters/ })).toBeNull();
  });
});
