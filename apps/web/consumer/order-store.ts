/** The orders this phone made at a machine, kept so a reload or the channel's return resumes them. */
export interface HeldOrder {
  orderNo: string;
  accessToken: string;
  /** ms since 1970. */
  at: number;
}

const KEY = 'water-orders';
/** Orders older than two days are of no more use to the page (a report names the last 48 hours). */
const KEEP_MS = 48 * 3600_000;

function all(): Record<string, HeldOrder[]> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, HeldOrder[]>;
  } catch {
    return {};
  }
}

export function heldOrders(code: string): HeldOrder[] {
  const now = Date.now();
  return (all()[code.toUpperCase()] ?? []).filter((order) => now - order.at < KEEP_MS);
}

export function holdOrder(code: string, order: Omit<HeldOrder, 'at'>): void {
  const orders = all();
  const key = code.toUpperCase();
  const kept = heldOrders(code).filter((held) => held.orderNo !== order.orderNo);
  orders[key] = [{ ...order, at: Date.now() }, ...kept].slice(0, 10);
  try {
    localStorage.setItem(KEY, JSON.stringify(orders));
  } catch {
    // Private browsing without storage: the page still works, it only cannot resume.
  }
}

export const tokenOf = (code: string, orderNo: string) =>
  heldOrders(code).find((order) => order.orderNo === orderNo)?.accessToken;
