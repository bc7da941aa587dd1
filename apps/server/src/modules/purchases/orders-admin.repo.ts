import type { Queryable } from '../../db/database.js';
import { columnsOf, type OrderRow } from './orders.repo.js';

/** One order of the operators' list. */
export interface OrderListRow {
  id: string;
  created_at: Date;
  reference: string | null;
  user_id: string;
  username: string;
  service: OrderRow['service'];
  service_id: string;
  product_name: string;
  recipient: string;
  price: bigint;
  face_value: bigint;
  status: OrderRow['status'];
  alert: OrderRow['alert'];
}

export interface OrdersPage {
  q?: string | undefined;
  agent?: string | undefined;
  service?: OrderRow['service'] | undefined;
  state?: 'pending' | 'delivered' | 'failed' | 'alert' | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  cursor?: string | undefined;
  limit: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `q` may be written as: itself, and a +234 phone as stored (0...). */
export function searchTerms(q: string): string[] {
  const text = q.trim();
  const phone = /^\+?234([789][01]\d{8})$/.exec(text.replace(/[\s-]/g, ''));
  return phone ? [text, `0${phone[1]!}`] : [text];
}

export async function orderCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM orders WHERE id = $1`, [cursor])).length > 0;
}

/**
 * One page of orders, newest first (limit + 1 rows). Each filter is written so that an index
 * serves it (migration 026): a search finds its few orders first by the key's own index (a
 * materialised step) and sorts only those; otherwise the page is read in index order
 * (orders_created_idx; the agent's orders_user_created_idx; the few pending from orders_unresolved_idx). Exported for the plan test.
 */
export function ordersPageStatement(page: OrdersPage): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let matched = '';
  const where: string[] = [];
  if (page.q !== undefined) {
    const terms = param(searchTerms(page.q));
    const keys = [
      `SELECT id FROM orders WHERE recipient = ANY(${terms}::text[])`,
      `SELECT id FROM orders WHERE phone = ANY(${terms}::text[])`,
      `SELECT id FROM orders WHERE request_id = ANY(${terms}::text[])`,
      `SELECT id FROM orders WHERE upstream_request_id = ANY(${terms}::text[])`,
      `SELECT o.id FROM wallet_transactions t JOIN orders o ON o.transaction_id = t.id WHERE t.ref = upper((${terms}::text[])[1])`,
      `SELECT o.id FROM wallet_transactions t JOIN orders o ON o.refund_transaction_id = t.id WHERE t.ref = upper((${terms}::text[])[1])`,
    ];
    if (UUID.test(page.q.trim())) keys.push(`SELECT id FROM orders WHERE id = ${param(page.q.trim())}::uuid`);
    matched = `WITH matched AS MATERIALIZED (${keys.join(' UNION ')})`;
    where.push('o.id IN (SELECT id FROM matched)');
  }
  if (page.agent !== undefined) {
    const agent = page.agent.trim();
    where.push(
      UUID.test(agent)
        ? `o.user_id = ${param(agent)}::uuid`
        : `o.user_id = (SELECT id FROM users WHERE username = ${param(agent.toLowerCase())})`,
    );
  }
  if (page.service !== undefined) where.push(`o.service = ${param(page.service)}`);
  if (page.state === 'pending') where.push(`o.status IN ('debited', 'pending')`);
  if (page.state === 'delivered' || page.state === 'failed') where.push(`o.status = ${param(page.state)}`);
  if (page.state === 'alert') where.push('o.alert IS NOT NULL');
  if (page.from !== undefined) where.push(`o.created_at >= ${param(page.from)}`);
  if (page.to !== undefined) where.push(`o.created_at < ${param(page.to)}`);
  if (page.cursor !== undefined) {
    where.push(`(o.created_at, o.id) < (SELECT c.created_at, c.id FROM orders c WHERE c.id = ${param(page.cursor)})`);
  }
  const limit = param(page.limit + 1);
  return {
    text: `${matched}
           SELECT o.id, o.created_at, t.ref AS reference, o.user_id, u.username, o.service, o.service_id, o.product_name,
              o.recipient, o.price, o.face_value, o.status, o.alert
           FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN wallet_transactions t ON t.id = o.transaction_id
           ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY o.created_at DESC, o.id DESC
           LIMIT ${limit}`,
    params,
  };
}

export async function listOrderRows(db: Queryable, page: OrdersPage): Promise<OrderListRow[]> {
  const { text, params } = ordersPageStatement(page);
  return db.query<OrderListRow>(text, params);
}

/** An order with what its page shows beside it: its agent, its wallet references. */
export interface OrderDetailRow extends OrderRow {
  username: string;
  first_name: string;
  last_name: string;
  agent_phone: string;
  balance: bigint;
  reference: string | null;
  refund_reference: string | null;
  refunded_at: Date | null;
}

export async function findOrderDetail(db: Queryable, id: string): Promise<OrderDetailRow | undefined> {
  const rows = await db.query<OrderDetailRow>(
    `SELECT ${columnsOf('o')}, u.username, u.first_name, u.last_name, u.phone AS agent_phone,
            coalesce(w.balance, 0)::bigint AS balance, t.ref AS reference, r.ref AS refund_reference,
            r.created_at AS refunded_at
     FROM orders o JOIN users u ON u.id = o.user_id
       LEFT JOIN ledger_accounts w ON w.user_id = o.user_id
       LEFT JOIN wallet_transactions t ON t.id = o.transaction_id
       LEFT JOIN wallet_transactions r ON r.id = o.refund_transaction_id
     WHERE o.id = $1`,
    [id],
  );
  return rows[0];
}

/** What operators did to an order (the audit log), oldest first. */
export interface OrderAuditRow {
  at: Date;
  action: string;
  operator_username: string | null;
  reason: string | null;
  after: { status?: string; upstream?: { verdict?: string; code?: string; message?: string } } | null;
}

export async function listOrderAudit(db: Queryable, orderId: string): Promise<OrderAuditRow[]> {
  return db.query<OrderAuditRow>(
    `SELECT a.at, a.action, op.username AS operator_username, a.reason, a.after
     FROM audit_log a LEFT JOIN users op ON op.id = a.operator_id
     WHERE a.target_type = 'order' AND a.target_id = $1 ORDER BY a.at, a.seq`,
    [orderId],
  );
}
