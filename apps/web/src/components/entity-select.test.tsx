// @vitest-environment jsdom
import '@/test/antd-jsdom.ts';
import '@/test/console-texts.ts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n.ts';
import { type EntityDescriptor, EntitySelect, type EntitySelectProps } from './entity-select.tsx';

interface Fruit {
  id: number;
  name: string;
  code: string;
}

const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple', code: 'AP' },
  { id: 2, name: 'Banana', code: 'BA' },
  { id: 3, name: 'Cherry', code: 'CH' },
];

/** A descriptor over a fake fetch; `load` resolves when the test says, so the loading state can be seen. */
function fruitsFrom(load: () => Promise<Fruit[]>) {
  const enabledAsked: boolean[] = [];
  const fruits: EntityDescriptor<Fruit> = {
    useEntities: (enabled) => {
      enabledAsked.push(enabled);
      return useQuery({ queryKey: ['fruits'], queryFn: load, enabled });
    },
    valueOf: (fruit) => fruit.id,
    labelOf: (fruit) => `${fruit.name} (${fruit.code})`,
  };
  return { fruits, enabledAsked };
}

/** The select in a form field, as the console's forms hold one; Save hands the form's values to `onSave`. */
function renderInForm(
  props: EntitySelectProps<Fruit>,
  { initial, onSave = () => {} }: { initial?: unknown; onSave?: (values: { fruit: unknown }) => void } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form initialValues={{ fruit: initial }} onFinish={onSave}>
        <Form.Item name="fruit" label="Fruit">
          <EntitySelect<Fruit> {...props} />
        </Form.Item>
        <Button htmlType="submit">Save</Button>
      </Form>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Fruit' });
}

/** What the open dropdown shows: its options' labels, or the text it has instead of options. */
function shown(): string[] {
  const texts = document.querySelectorAll('.ant-select-item-option-content, .ant-select-item-empty');
  return [...texts].map((text) => text.textContent ?? '');
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});
afterAll(() => changeLanguage('en'));

describe('EntitySelect', () => {
  it('offers the records by their labels, and gives the form the chosen one’s value', async () => {
    const { fruits } = fruitsFrom(async () => FRUITS);
    const onSave = vi.fn();
    const select = renderInForm({ entity: fruits }, { onSave });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Banana (BA)'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ fruit: 2 }));
  });

  it('shows the label of the value the form starts with', async () => {
    const { fruits } = fruitsFrom(async () => FRUITS);
    renderInForm({ entity: fruits }, { initial: 3 });
    expect(await screen.findByTitle('Cherry (CH)')).toBeTruthy();
  });

  it('searches the labels, and says when nothing matches', async () => {
    const { fruits } = fruitsFrom(async () => FRUITS);
    const select = renderInForm({ entity: fruits });
    fireEvent.mouseDown(select);
    await screen.findByTitle('Apple (AP)');
    fireEvent.change(select, { target: { value: 'an' } });
    await waitFor(() => expect(shown()).toEqual(['Banana (BA)']));
    fireEvent.change(select, { target: { value: 'kiwi' } });
    await waitFor(() => expect(shown()).toEqual(['Nothing matches the search']));
  });

  it('says the records are loading, then that there are none', async () => {
    let answer: (fruits: Fruit[]) => void = () => {};
    const { fruits } = fruitsFrom(() => new Promise((resolve) => (answer = resolve)));
    const select = renderInForm({ entity: fruits });
    fireEvent.mouseDown(select);
    await waitFor(() => expect(shown()).toEqual(['Loading']));
    await act(async () => answer([]));
    await waitFor(() => expect(shown()).toEqual(['Nothing here yet']));
  });

  it('says so in the console’s language', async () => {
    await changeLanguage('zh-CN');
    const { fruits } = fruitsFrom(async () => []);
    const select = renderInForm({ entity: fruits });
    fireEvent.mouseDown(select);
    await waitFor(() => expect(shown()).toEqual(['暂无数据']));
    await changeLanguage('en');
  });

  it('chooses several in multiple mode, with options listed but not to be chosen', async () => {
    const { fruits } = fruitsFrom(async () => FRUITS);
    const onSave = vi.fn();
    const select = renderInForm(
      { entity: { ...fruits, disabledOf: (fruit) => fruit.code === 'CH' }, mode: 'multiple' },
      { initial: [1], onSave },
    );
    fireEvent.mouseDown(select);
    const cherry = await screen.findByTitle('Cherry (CH)');
    expect(cherry.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(cherry);
    fireEvent.click(screen.getByTitle('Banana (BA)'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ fruit: [1, 2] }));
  });

  it('lists a choice that is no record first, and clears to nothing', async () => {
    const { fruits } = fruitsFrom(async () => FRUITS);
    const onSave = vi.fn();
    const select = renderInForm(
      { entity: fruits, allowClear: true, extraOptions: [{ value: null, label: 'None of them' }] },
      { initial: 1, onSave },
    );
    fireEvent.mouseDown(select);
    await screen.findByTitle('Banana (BA)');
    expect(shown()).toEqual(['None of them', 'Apple (AP)', 'Banana (BA)', 'Cherry (CH)']);
    const clear = document.querySelector('.ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ fruit: undefined }));
  });

  it('when lazy, loads nothing until it is first used', async () => {
    const load = vi.fn(async () => FRUITS);
    const { fruits, enabledAsked } = fruitsFrom(load);
    const select = renderInForm({ entity: fruits, lazy: true });
    expect(enabledAsked.every((enabled) => !enabled)).toBe(true);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(select);
    fireEvent.mouseDown(select);
    expect(await screen.findByTitle('Apple (AP)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when disabled, loads nothing and shows the current record it is given', async () => {
    const load = vi.fn(async () => FRUITS);
    const { fruits } = fruitsFrom(load);
    const select = renderInForm(
      { entity: fruits, disabled: true, extraOptions: [{ value: 7, label: 'Quince (QU)' }] },
      { initial: 7 },
    );
    expect((select as HTMLInputElement).disabled).toBe(true);
    expect(await screen.findByTitle('Quince (QU)')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});
