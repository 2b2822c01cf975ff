/**
 * What the soak run checks in the database once the sales are over: every sale the gateway
 * acknowledged is stored, once; the daily roll-ups add up to the orders; the ledger balances and
 * its sales and refunds are the orders' paid and refunded amounts.
 */
import pg from 'pg';

export interface Acknowledged {
  orderNo: string;
  paid: number;
  refunded: number;
}

export interface Checks {
  stored: number;
  /** Acknowledged sales with no order, or whose order's paid or refunded amount differs. */
  lost: number;
  /** Orders beyond the first for one machine's order number. */
  duplicates: number;
  /** Orders no acknowledged sale names (a sale given up before its end). */
  unacknowledged: number;
  rollups: { orders: number; paid: number; refunded: number; dispensedMl: number };
  fromOrders: { orders: number; paid: number; refunded: number; dispensedMl: number };
  /** Fen between the roll-ups' and the orders' paid and refunded, orders and ml counted apart. */
  rollupDifference: number;
  ledger: {
    /** The sum of every entry (0 when the books balance). */
    total: number;
    /** Postings whose entries do not sum to zero. */
    unbalancedPostings: number;
    /** Accounts whose balance is not the sum of their entries. */
    accountsOff: number;
    /** What SALES postings credited to revenue, and REFUNDS postings debited back. */
    sales: number;
    refunds: number;
  };
  /** |ledger total| + the fen between the ledger's sales and refunds and the orders'. */
  ledgerDifference: number;
}

const number = (value: unknown) => Number(value ?? 0);

export async function checkDatabase(url: string, acknowledged: readonly Acknowledged[]): Promise<Checks> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const orders = await query('SELECT order_no, paid, refunded FROM biz_order');
    const byNo = new Map(orders.map((row) => [row.order_no as string, row]));
    const lost = acknowledged.filter((sale) => {
      const order = byNo.get(sale.orderNo);
      return !order || number(order.paid) !== sale.paid || number(order.refunded) !== sale.refunded;
    }).length;
    const known = new Set(acknowledged.map((sale) => sale.orderNo));
    const [dup] = await query('SELECT count(*) - count(DISTINCT (machine_id, machine_order_no)) AS n FROM biz_order');
    const [mine] = await query(`
      SELECT count(*) FILTER (WHERE paid_time IS NOT NULL) AS orders, coalesce(sum(paid), 0) AS paid,
             coalesce(sum(refunded), 0) AS refunded, coalesce(sum(dispensed_ml), 0) AS ml
      FROM biz_order`);
    const [rolled] = await query(`
      SELECT coalesce(sum(orders), 0) AS orders, coalesce(sum(paid), 0) AS paid,
             coalesce(sum(refunded), 0) AS refunded, coalesce(sum(dispensed_ml), 0) AS ml
      FROM biz_sales_daily`);
    const fromOrders = {
      orders: number(mine?.orders),
      paid: number(mine?.paid),
      refunded: number(mine?.refunded),
      dispensedMl: number(mine?.ml),
    };
    const rollups = {
      orders: number(rolled?.orders),
      paid: number(rolled?.paid),
      refunded: number(rolled?.refunded),
      dispensedMl: number(rolled?.ml),
    };
    const [total] = await query('SELECT coalesce(sum(amount), 0) AS n FROM fin_entry');
    const [unbalanced] = await query(`
      SELECT count(*) AS n FROM (SELECT posting_id FROM fin_entry GROUP BY posting_id HAVING sum(amount) <> 0) p`);
    const [accountsOff] = await query(`
      SELECT count(*) AS n FROM fin_account a
      WHERE a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM fin_entry e WHERE e.account_id = a.id)`);
    const [revenue] = await query(`
      SELECT coalesce(sum(-e.amount) FILTER (WHERE p.kind = 'SALES'), 0) AS sales,
             coalesce(sum(e.amount) FILTER (WHERE p.kind = 'REFUNDS'), 0) AS refunds
      FROM fin_entry e JOIN fin_posting p ON p.id = e.posting_id JOIN fin_account a ON a.id = e.account_id
      WHERE a.type = 'PLATFORM_REVENUE'`);
    const ledger = {
      total: number(total?.n),
      unbalancedPostings: number(unbalanced?.n),
      accountsOff: number(accountsOff?.n),
      sales: number(revenue?.sales),
      refunds: number(revenue?.refunds),
    };
    return {
      stored: orders.length,
      lost,
      duplicates: number(dup?.n),
      unacknowledged: orders.filter((row) => !known.has(row.order_no as string)).length,
      rollups,
      fromOrders,
      rollupDifference:
        Math.abs(rollups.paid - fromOrders.paid) +
        Math.abs(rollups.refunded - fromOrders.refunded) +
        Math.abs(rollups.orders - fromOrders.orders) +
        Math.abs(rollups.dispensedMl - fromOrders.dispensedMl),
      ledger,
      ledgerDifference:
        Math.abs(ledger.total) +
        ledger.unbalancedPostings +
        ledger.accountsOff +
        Math.abs(ledger.sales - fromOrders.paid) +
        Math.abs(ledger.refunds - fromOrders.refunded),
    };
  } finally {
    await client.end();
  }
}
