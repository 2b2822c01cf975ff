import { describe, expect, it } from 'vitest';
import { boardColumns, workOrderActions } from './work-order-actions.ts';

const staff = { id: 1, can: (allow: readonly string[]) => allow.some((p) => p !== 'workorder:work') };
const technician = (id: number) => ({ id, can: (allow: readonly string[]) => allow.includes('workorder:work') });

describe('work-order actions', () => {
  it('offers a technician the moves of their own order only', () => {
    expect(workOrderActions({ state: 'ASSIGNED', technicianId: 7 }, technician(7))).toEqual({
      buttons: ['ACCEPT'],
      assign: false,
      complete: false,
    });
    expect(workOrderActions({ state: 'IN_PROGRESS', technicianId: 7 }, technician(7))).toEqual({
      buttons: ['HOLD'],
      assign: false,
      complete: true,
    });
    expect(workOrderActions({ state: 'ASSIGNED', technicianId: 8 }, technician(7)).buttons).toEqual([]);
  });

  it('offers staff assigning, cancelling and reopening as the state table allows', () => {
    expect(workOrderActions({ state: 'CREATED', technicianId: null }, staff)).toEqual({
      buttons: ['CANCEL'],
      assign: true,
      complete: false,
    });
    expect(workOrderActions({ state: 'DONE', technicianId: 3 }, staff).buttons).toEqual(['REOPEN']);
    expect(workOrderActions({ state: 'CANCELLED', technicianId: 3 }, staff).buttons).toEqual([]);
  });

  it('puts orders in their state’s column, the most urgent first', () => {
    const columns = boardColumns([
      { id: 1, state: 'ASSIGNED', priority: 'LOW' },
      { id: 2, state: 'ASSIGNED', priority: 'URGENT' },
      { id: 3, state: 'CANCELLED', priority: 'HIGH' },
      { id: 4, state: 'DONE', priority: 'NORMAL' },
    ] as const);
    expect(columns.find((column) => column.state === 'ASSIGNED')?.orders.map((order) => order.id)).toEqual([2, 1]);
    expect(columns.flatMap((column) => column.orders).map((order) => order.id)).not.toContain(3);
  });
});
