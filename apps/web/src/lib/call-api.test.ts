// @vitest-environment jsdom
import { asFen, type Fen } from '@water/contract/money';
import type { OrderDetail } from '@water/contract/orders';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { ListParams } from '@/components/list/list-params.ts';
import { apiClient } from './api-client.ts';
import { type ApiBody, type ApiReply, callApi, downloadApi, type ListFilters } from './call-api.ts';
import { yuanToFen } from './format/money.ts';

const seen: InternalAxiosRequestConfig[] = [];
const adapter = apiClient.defaults.adapter;
function answerWith(data: unknown, headers: Record<string, string> = {}) {
  apiClient.defaults.adapter = async (config) => {
    seen.push(config);
    return { data, status: 200, statusText: 'OK', headers, config };
  };
}

afterEach(() => {
  seen.length = 0;
  apiClient.defaults.adapter = adapter;
});

const lastUrl = () => {
  const config = seen.at(-1);
  return config ? apiClient.getUri(config) : undefined;
};

describe('callApi', () => {
  it('fills the path from params, relative to the client, and resolves to the answer', async () => {
    answerWith({ orderNo: '202601011200000001' });
    const order = await callApi('GET /api/orders/:orderNo', { params: { orderNo: '202601011200000001' } });
    expect(order).toEqual({ orderNo: '202601011200000001' });
    expect(seen[0]?.url).toBe('api/orders/202601011200000001');
    expect(seen[0]?.method).toBe('get');
  });

  it('encodes a path parameter as one segment', async () => {
    answerWith(undefined);
    await callApi('POST /api/users/updateEmail/:code', {
      params: { code: 'a/b c' },
      body: { password: 'p', email: 'a@example.com' },
    });
    expect(seen[0]?.url).toBe('api/users/updateEmail/a%2Fb%20c');
    expect(JSON.parse(seen[0]?.data as string)).toEqual({ password: 'p', email: 'a@example.com' });
  });

  it('sends a list query as eladmin does: repeated keys for arrays, sort as field,direction', async () => {
    answerWith({ content: [], totalElements: 0 });
    await callApi('GET /api/orders', {
      query: {
        createTime: ['2026-01-01 00:00:00', '2026-01-07 23:59:59'],
        state: 'PAID',
        page: 0,
        size: 10,
        sort: ['createTime,desc', 'id,desc'],
      },
    });
    expect(lastUrl()).toBe(
      '/api/orders?createTime=2026-01-01+00:00:00&createTime=2026-01-07+23:59:59&state=PAID&page=0&size=10&sort=createTime,desc&sort=id,desc',
    );
  });

  it('sends the ids of a delete as its body, and the notice mode to the notifier', async () => {
    answerWith(undefined);
    await callApi('DELETE /api/users', { body: [3, 4] }, { errorNotice: 'network' });
    expect(seen[0]?.method).toBe('delete');
    expect(seen[0]?.data).toBe('[3,4]');
    expect(seen[0]?.errorNotice).toBe('network');
  });

  it('downloads a file answer as a blob, with the name the server gives it', async () => {
    answerWith(new Blob(['xlsx']), { 'content-disposition': 'attachment; filename="orders.xlsx"' });
    const file = await downloadApi('GET /api/exports/:id/file', { params: { id: 7 } });
    expect(seen[0]?.url).toBe('api/exports/7/file');
    expect(seen[0]?.responseType).toBe('blob');
    expect(file.disposition).toBe('attachment; filename="orders.xlsx"');
  });

  it('types each call from the contract, refusing undeclared routes and filters at compile time', () => {
    expectTypeOf<ApiReply<'GET /api/orders/:orderNo'>>().toEqualTypeOf<OrderDetail>();
    expectTypeOf<ApiReply<'GET /api/orders/download'>>().toEqualTypeOf<Blob>();
    expectTypeOf<ListFilters<'GET /api/orders'>>().toHaveProperty('createTime');
    expectTypeOf<ListFilters<'GET /api/orders'>>().not.toHaveProperty('page');

    // Never run: each call below must fail to compile (`tsc -b` checks this file).
    const uncompilable = (filters: ListFilters<'GET /api/orders'>) => {
      // @ts-expect-error a misspelled path is no route of the contract
      void callApi('GET /api/orders/:orderNumber', { params: { orderNumber: '1' } });
      // @ts-expect-error the method belongs to the key
      void callApi('POST /api/orders/:orderNo', { params: { orderNo: '1' } });
      // @ts-expect-error a filter the orders' list does not take
      void callApi('GET /api/orders', { query: { createTime: ['2026-01-01', '2026-01-02'], colour: 'blue' } });
      // @ts-expect-error the orders' list requires its time range
      void callApi('GET /api/orders', { query: { state: 'PAID' } });
      // @ts-expect-error a value the filter does not allow
      void callApi('GET /api/orders', { query: { ...filters, state: 'LOST' } });
      // @ts-expect-error a path parameter is required
      void callApi('GET /api/orders/:orderNo');
      // @ts-expect-error an amount is fen, marked so: a number typed in yuan is not one
      const refund: ApiBody<'POST /api/orders/:orderNo/refunds'>['amount'] = 5;
      void refund;
      // @ts-expect-error an amount read from the wire is fen, not a number to show as it stands
      const shown: Yuan = ({} as OrderDetail).paid;
      void shown;
      // @ts-expect-error a list page's filters are its route's
      const params: ListParams<ListFilters<'GET /api/orders'>> = { ...filters, colour: 'blue' };
      return params;
    };
    expect(uncompilable).toBeTypeOf('function');
  });

  it('sends money as fen made by the one conversion from what staff typed in yuan', async () => {
    answerWith({ id: 1 });
    const amount = yuanToFen('0.29');
    expectTypeOf(amount).toEqualTypeOf<Fen | null>();
    await callApi('POST /api/orders/:orderNo/refunds', {
      params: { orderNo: '1' },
      body: { amount: amount ?? asFen(0), reason: 'CUSTOMER', note: '' },
    });
    expect(JSON.parse(seen[0]?.data as string)).toEqual({ amount: 29, reason: 'CUSTOMER', note: '' });
  });
});

/** A yuan amount as a form holds it: anything but fen. */
type Yuan = number & { readonly '~unit': 'yuan' };
