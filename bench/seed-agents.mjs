// Funded agents with sessions, straight into the database: the ledger stays balanced (one entry
// credits every wallet from the adjustments account).
import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';

/** Every bench agent's transaction PIN (docs/decisions/043): the dashboard's purchases send it. */
export const BENCH_PIN = '2468';

/** Seeds `count` agents with ₦1,000,000 each and a session; answers their bearer tokens. */
export async function seedAgents(db, name, count, perAgentKobo = 100_000_000n) {
  const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0000000000000000000000000000000000000000000';
  // argon2id as the server hashes PINs (19 MiB, 2 iterations, 1 lane); one hash for all of them.
  const pinHash = await hash(BENCH_PIN, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const tokens = [];
  await db.query('BEGIN');
  const entry = (
    await db.query(
      `INSERT INTO journal_entries (kind, idempotency_key, description, created_at) VALUES ('adjustment', $1, 'bench funding', now()) RETURNING id`,
      [`bench:${name}`],
    )
  ).rows[0].id;
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(8, '0');
    const user = (
      await db.query(
        `INSERT INTO users (first_name, last_name, username, email, phone, password_hash, referral_code, created_at, updated_at)
         VALUES ('Bench', 'Agent', $1, $2, $3, $4, $5, now(), now()) RETURNING id`,
        [`bench_${n}`, `bench${n}@example.com`, `081${n}`, passwordHash, `B${n}X`],
      )
    ).rows[0].id;
    await db.query(
      'INSERT INTO transaction_pins (user_id, pin_hash, created_at, updated_at) VALUES ($1, $2, now(), now())',
      [user, pinHash],
    );
    const token = randomBytes(32).toString('base64url');
    tokens.push(token);
    await db.query(
      `INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, expires_at) VALUES ($1, $2, now(), now(), now() + interval '1 day')`,
      [user, createHash('sha256').update(token).digest()],
    );
    const account = (
      await db.query(
        `INSERT INTO ledger_accounts (code, kind, user_id, balance) VALUES ($1, 'wallet', $2, $3) RETURNING id`,
        [`wallet:${user}`, user, perAgentKobo],
      )
    ).rows[0].id;
    await db.query('INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $3)', [
      entry,
      account,
      perAgentKobo,
    ]);
  }
  const total = perAgentKobo * BigInt(count);
  const adjustments = (
    await db.query(
      `UPDATE ledger_accounts SET balance = balance - $1 WHERE code = 'provider:adjustments' RETURNING id, balance`,
      [total],
    )
  ).rows[0];
  await db.query('INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES ($1, $2, $3, $4)', [
    entry,
    adjustments.id,
    -total,
    adjustments.balance,
  ]);
  await db.query('COMMIT');
  return tokens;
}
