import type { Queryable } from '../../db/database.js';

export interface FundingAccountRow {
  id: string;
  bank_name: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  instructions: string;
  charge_flat: bigint;
  charge_bps: number;
  minimum: bigint;
  active: boolean;
}

export interface FundingRequestRow {
  id: string;
  user_id: string;
  funding_account_id: string;
  amount: bigint;
  charge: bigint;
  sender_name: string;
  reference: string;
  transfer_date: string;
  proof_name: string | null;
  proof_type: string | null;
  proof_size: number | null;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  transaction_id: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  account: { id: string; bank_name: string; account_number: string; account_name: string };
  agent: { id: string; username: string; first_name: string; last_name: string };
}

export async function listActiveFundingAccounts(db: Queryable): Promise<FundingAccountRow[]> {
  return db.query<FundingAccountRow>('SELECT * FROM funding_accounts WHERE active ORDER BY created_at, id');
}

export async function findFundingAccount(db: Queryable, id: string): Promise<FundingAccountRow | undefined> {
  const rows = await db.query<FundingAccountRow>('SELECT * FROM funding_accounts WHERE id = $1', [id]);
  return rows[0];
}

export async function insertFundingAccount(
  db: Queryable,
  account: Omit<FundingAccountRow, 'id' | 'active'> & { now: Date },
): Promise<FundingAccountRow> {
  const rows = await db.query<FundingAccountRow>(
    `INSERT INTO funding_accounts (bank_name, bank_code, account_number, account_name, instructions, charge_flat, charge_bps, minimum, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      account.bank_name,
      account.bank_code,
      account.account_number,
      account.account_name,
      account.instructions,
      account.charge_flat,
      account.charge_bps,
      account.minimum,
      account.now,
    ],
  );
  return rows[0]!;
}

/** Switches an account off; answers it as it was (`active` before) and is now, or nothing when there is none. */
export async function deactivateFundingAccount(
  db: Queryable,
  id: string,
): Promise<{ before: FundingAccountRow; after: FundingAccountRow } | undefined> {
  const before = (
    await db.query<FundingAccountRow>('SELECT * FROM funding_accounts WHERE id = $1 FOR UPDATE', [id])
  )[0];
  if (!before) return undefined;
  const rows = await db.query<FundingAccountRow>(
    'UPDATE funding_accounts SET active = false WHERE id = $1 RETURNING *',
    [id],
  );
  return { before, after: rows[0]! };
}

const REQUEST_SELECT = `
  SELECT r.id, r.user_id, r.funding_account_id, r.amount, r.charge, r.sender_name, r.reference, r.transfer_date::text AS transfer_date,
    r.proof_name, r.proof_type, octet_length(r.proof) AS proof_size, r.status, r.reject_reason, r.transaction_id, r.created_at, r.reviewed_at,
    json_build_object('id', a.id, 'bank_name', a.bank_name, 'account_number', a.account_number, 'account_name', a.account_name) AS account,
    json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name) AS agent
  FROM funding_requests r
  JOIN funding_accounts a ON a.id = r.funding_account_id
  JOIN users u ON u.id = r.user_id`;

export async function insertFundingRequest(
  db: Queryable,
  request: {
    userId: string;
    accountId: string;
    amount: bigint;
    charge: bigint;
    senderName: string;
    reference: string;
    transferDate: string;
    proof?: { name: string; type: string; bytes: Buffer } | undefined;
    now: Date;
  },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO funding_requests (user_id, funding_account_id, amount, charge, sender_name, reference, transfer_date, proof_name, proof_type, proof, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      request.userId,
      request.accountId,
      request.amount,
      request.charge,
      request.senderName,
      request.reference,
      request.transferDate,
      request.proof?.name ?? null,
      request.proof?.type ?? null,
      request.proof?.bytes ?? null,
      request.now,
    ],
  );
  return rows[0]!.id;
}

/** One request; scoped to an agent when `userId` is given (another agent's is not found). */
export async function findFundingRequest(
  db: Queryable,
  id: string,
  userId?: string,
): Promise<FundingRequestRow | undefined> {
  const rows = await db.query<FundingRequestRow>(
    `${REQUEST_SELECT} WHERE r.id = $1 AND ($2::uuid IS NULL OR r.user_id = $2)`,
    [id, userId ?? null],
  );
  return rows[0];
}

/** The proof file a request carries, for operators; undefined when the request has none. */
export async function findFundingProof(
  db: Queryable,
  id: string,
): Promise<{ name: string; type: string; bytes: Buffer } | undefined> {
  const rows = await db.query<{ name: string; type: string; bytes: Buffer | Uint8Array }>(
    'SELECT proof_name AS name, proof_type AS type, proof AS bytes FROM funding_requests WHERE id = $1 AND proof IS NOT NULL',
    [id],
  );
  const row = rows[0];
  return row && { name: row.name, type: row.type, bytes: Buffer.from(row.bytes) };
}

/** Locks a request for review, so that two operators approving at once credit once. */
export async function lockFundingRequest(
  db: Queryable,
  id: string,
): Promise<
  { id: string; user_id: string; status: string; amount: bigint; charge: bigint; reference: string } | undefined
> {
  const rows = await db.query<{
    id: string;
    user_id: string;
    status: string;
    amount: bigint;
    charge: bigint;
    reference: string;
  }>('SELECT id, user_id, status, amount, charge, reference FROM funding_requests WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

export async function markApproved(
  db: Queryable,
  id: string,
  reviewer: string | null,
  transactionId: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE funding_requests SET status = 'approved', reviewed_by = $2, reviewed_at = $3, transaction_id = $4 WHERE id = $1 AND status = 'pending'`,
    [id, reviewer, now, transactionId],
  );
}

export async function markRejected(
  db: Queryable,
  id: string,
  reviewer: string | null,
  reason: string,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE funding_requests SET status = 'rejected', reviewed_by = $2, reviewed_at = $3, reject_reason = $4 WHERE id = $1 AND status = 'pending'`,
    [id, reviewer, now, reason],
  );
}

/** Whether the cursor names a request of this list: the agent's own, or (no user) any. */
export async function fundingRequestCursorExists(db: Queryable, cursor: string, userId?: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM funding_requests WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2)', [
    cursor,
    userId ?? null,
  ]);
  return rows.length > 0;
}

/**
 * The agent's requests newest first, or (no user) the review queue oldest first. The cursor is
 * read within the same list, so another agent's request id is no place to start from.
 */
export async function listFundingRequests(
  db: Queryable,
  filter: { userId?: string; status?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<FundingRequestRow[]> {
  const newestFirst = filter.userId !== undefined;
  const order = newestFirst ? 'DESC' : 'ASC';
  const compare = newestFirst ? '<' : '>';
  return db.query<FundingRequestRow>(
    `${REQUEST_SELECT}
     WHERE ($1::uuid IS NULL OR r.user_id = $1)
       AND ($2::text IS NULL OR r.status = $2)
       AND ($3::uuid IS NULL OR (r.created_at, r.id) ${compare} (SELECT c.created_at, c.id FROM funding_requests c WHERE c.id = $3 AND ($1::uuid IS NULL OR c.user_id = $1)))
     ORDER BY r.created_at ${order}, r.id ${order}
     LIMIT $4`,
    [filter.userId ?? null, filter.status ?? null, filter.cursor ?? null, filter.limit + 1],
  );
}

export interface VirtualAccountRow {
  user_id: string;
  provider: 'paystack' | 'monnify';
  account_number: string;
  bank_name: string;
  account_name: string;
  provider_reference: string;
}

export async function listVirtualAccounts(db: Queryable, userId: string): Promise<VirtualAccountRow[]> {
  return db.query<VirtualAccountRow>('SELECT * FROM virtual_accounts WHERE user_id = $1 ORDER BY provider', [userId]);
}

/** The agent's virtual account at a gateway, locked until commit (an audited change reads it before). */
export async function lockVirtualAccount(
  db: Queryable,
  userId: string,
  provider: VirtualAccountRow['provider'],
): Promise<VirtualAccountRow | undefined> {
  const rows = await db.query<VirtualAccountRow>(
    `SELECT user_id, provider, account_number, bank_name, account_name, provider_reference
     FROM virtual_accounts WHERE user_id = $1 AND provider = $2 FOR UPDATE`,
    [userId, provider],
  );
  return rows[0];
}

export async function upsertVirtualAccount(db: Queryable, account: VirtualAccountRow & { now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO virtual_accounts (user_id, provider, account_number, bank_name, account_name, provider_reference, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, provider) DO UPDATE SET account_number = EXCLUDED.account_number, bank_name = EXCLUDED.bank_name,
       account_name = EXCLUDED.account_name, provider_reference = EXCLUDED.provider_reference`,
    [
      account.user_id,
      account.provider,
      account.account_number,
      account.bank_name,
      account.account_name,
      account.provider_reference,
      account.now,
    ],
  );
}

/** The agent a gateway names, by its customer/account reference or by the virtual account number. */
export async function findVirtualAccountOwner(
  db: Queryable,
  provider: 'paystack' | 'monnify',
  keys: { reference?: string | undefined; accountNumber?: string | undefined },
): Promise<string | undefined> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT user_id FROM virtual_accounts WHERE provider = $1 AND (provider_reference = $2 OR account_number = $3) LIMIT 1`,
    [provider, keys.reference ?? null, keys.accountNumber ?? null],
  );
  return rows[0]?.user_id;
}

/** Records a gateway event once; answers false when its reference was seen before. */
export async function insertGatewayEvent(
  db: Queryable,
  event: {
    provider: string;
    reference: string;
    userId: string | null;
    amount: bigint | null;
    outcome: string;
    payload: unknown;
    now: Date;
  },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO gateway_events (provider, reference, user_id, amount, outcome, payload, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (provider, reference) DO NOTHING RETURNING id`,
    [
      event.provider,
      event.reference,
      event.userId,
      event.amount,
      event.outcome,
      JSON.stringify(event.payload),
      event.now,
    ],
  );
  return rows[0]?.id;
}

export async function setGatewayEventTransaction(db: Queryable, id: string, transactionId: string): Promise<void> {
  await db.query('UPDATE gateway_events SET transaction_id = $2 WHERE id = $1', [id, transactionId]);
}

export interface GatewayEventRow {
  id: string;
  provider: 'paystack' | 'monnify';
  reference: string;
  user_id: string | null;
  amount: bigint | null;
  outcome: 'credited' | 'ignored' | 'unmatched' | 'dismissed';
  transaction_id: string | null;
  received_at: Date;
  resolved_at: Date | null;
  resolve_reason: string | null;
}

/** A gateway event with what an operator's list shows: its payload, the agent credited and who resolved it. */
export interface GatewayPaymentRow extends GatewayEventRow {
  payload: unknown;
  fee: bigint | null;
  verify_note: string | null;
  agent: { id: string; username: string } | null;
  resolver: { id: string; username: string } | null;
}

const GATEWAY_EVENT_COLUMNS =
  'id, provider, reference, user_id, amount, outcome, transaction_id, received_at, resolved_at, resolve_reason';

/**
 * Locks a gateway event until commit, by id or by its gateway reference: whoever resolves it (the
 * gateway's retry, an operator crediting or dismissing) takes this lock first, so they take turns.
 */
export async function lockGatewayEvent(
  db: Queryable,
  key: { id: string } | { provider: string; reference: string },
): Promise<GatewayEventRow | undefined> {
  const rows =
    'id' in key
      ? await db.query<GatewayEventRow>(
          `SELECT ${GATEWAY_EVENT_COLUMNS} FROM gateway_events WHERE id = $1 FOR UPDATE`,
          [key.id],
        )
      : await db.query<GatewayEventRow>(
          `SELECT ${GATEWAY_EVENT_COLUMNS} FROM gateway_events WHERE provider = $1 AND reference = $2 FOR UPDATE`,
          [key.provider, key.reference],
        );
  return rows[0];
}

/** Settles an unmatched event: credited to an agent (with its transaction) or dismissed. */
export async function resolveGatewayEvent(
  db: Queryable,
  id: string,
  resolution: {
    outcome: 'credited' | 'dismissed';
    userId?: string | undefined;
    transactionId?: string | undefined;
    resolvedBy: string | null;
    reason: string | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `UPDATE gateway_events SET outcome = $2, user_id = COALESCE($3, user_id), transaction_id = COALESCE($4, transaction_id),
       resolved_by = $5, resolved_at = $6, resolve_reason = $7
     WHERE id = $1 AND outcome = 'unmatched'`,
    [
      id,
      resolution.outcome,
      resolution.userId ?? null,
      resolution.transactionId ?? null,
      resolution.resolvedBy,
      resolution.now,
      resolution.reason,
    ],
  );
}

const GATEWAY_PAYMENT_SELECT = `
  SELECT e.id, e.provider, e.reference, e.user_id, e.amount, e.outcome, e.transaction_id, e.received_at, e.resolved_at,
    e.resolve_reason, e.payload, e.fee, e.verify_note,
    CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'username', a.username) END AS agent,
    CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'username', o.username) END AS resolver
  FROM gateway_events e
  LEFT JOIN users a ON a.id = e.user_id
  LEFT JOIN users o ON o.id = e.resolved_by`;

export async function findGatewayPayment(db: Queryable, id: string): Promise<GatewayPaymentRow | undefined> {
  const rows = await db.query<GatewayPaymentRow>(`${GATEWAY_PAYMENT_SELECT} WHERE e.id = $1`, [id]);
  return rows[0];
}

/**
 * Whether the cursor names a gateway payment. Of any status: the last row of a page of the
 * unmatched may have been credited since, and the next page still starts after it.
 */
export async function gatewayPaymentCursorExists(db: Queryable, cursor: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM gateway_events WHERE id = $1', [cursor]);
  return rows.length > 0;
}

/**
 * Gateway payments of one status, oldest first, on `gateway_events_outcome_received_idx`:
 * the page continues after the cursor's (received_at, id).
 */
export const LIST_GATEWAY_PAYMENTS_SQL = `${GATEWAY_PAYMENT_SELECT}
  WHERE e.outcome = $1
    AND ($2::uuid IS NULL OR (e.received_at, e.id) > (SELECT c.received_at, c.id FROM gateway_events c WHERE c.id = $2))
  ORDER BY e.received_at, e.id
  LIMIT $3`;

export async function listGatewayPayments(
  db: Queryable,
  filter: { status: string; cursor?: string | undefined; limit: number },
): Promise<GatewayPaymentRow[]> {
  return db.query<GatewayPaymentRow>(LIST_GATEWAY_PAYMENTS_SQL, [
    filter.status,
    filter.cursor ?? null,
    filter.limit + 1,
  ]);
}

/** What the gateway's verify call said of an event, and the fee kept when it was credited. */
export async function noteGatewayEvent(
  db: Queryable,
  id: string,
  note: { fee?: bigint | undefined; verifyNote?: string | null | undefined },
): Promise<void> {
  await db.query(
    `UPDATE gateway_events SET fee = COALESCE($2, fee), verify_note = CASE WHEN $4 THEN $3 ELSE verify_note END WHERE id = $1`,
    [id, note.fee ?? null, note.verifyNote ?? null, note.verifyNote !== undefined],
  );
}

/** An event's outcome by its gateway reference, unlocked: a replay of a settled payment asks the gateway nothing. */
export async function findGatewayEventOutcome(
  db: Queryable,
  provider: string,
  reference: string,
): Promise<GatewayEventRow['outcome'] | undefined> {
  const rows = await db.query<{ outcome: GatewayEventRow['outcome'] }>(
    'SELECT outcome FROM gateway_events WHERE provider = $1 AND reference = $2',
    [provider, reference],
  );
  return rows[0]?.outcome;
}
