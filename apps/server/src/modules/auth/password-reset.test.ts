import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED_MESSAGE } from '@agentdesk/contract/auth/reset-password';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';
import type { Queryable } from '../../db/database.js';
import { resetSentKey } from './password-reset.service.js';

const RESET = '/api/v1/agent/auth/reset-password';
const OTP = '/api/v1/agent/auth/otp-reset-password';
const CONFIRM = '/api/v1/agent/auth/confirm-reset-password';
const LOGIN = '/api/v1/agent/auth/login';
const MINUTE = 60_000;

/** The newest code mailed to an address, once it is (the email is written after the answer). */
async function latestCode(t: TestApp, email: string, count = 1): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 10) {
    const mails = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM email_outbox WHERE to_address = $1 AND subject = 'Your password reset code' ORDER BY created_at DESC`,
      [email],
    );
    const code = /\b(\d{6})\b/.exec(mails[0]?.body_text ?? '')?.[1];
    if (code && mails.length >= count) return code;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code mailed to ${email}`);
}

const codesSentIn = async (db: Queryable, email: string) =>
  (await db.query(`SELECT 1 FROM email_outbox WHERE to_address = $1 AND subject = 'Your password reset code'`, [email]))
    .length;
const codesSent = (t: TestApp, email: string) => codesSentIn(t.db, email);

/** Waits until the work after the answer has counted `count` codes for the account from `ip`. */
async function codesCounted(t: TestApp, email: string, ip: string, count: number): Promise<void> {
  const [user] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  for (let waited = 0; waited < 5_000; waited += 10) {
    if ((await t.app.failureCounters.read(resetSentKey(user!.id, ip))).count >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${count} codes were not counted for ${email} from ${ip}`);
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('runs end to end: code by email, token, new password, every session signed out', async () => {
    const { body, token } = await registerAgent(t);
    const requested = await t.request('POST', RESET, { body: { identifier: body.email } });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ message: RESET_REQUESTED_MESSAGE, data: null });

    const code = await latestCode(t, body.email);
    const exchanged = await t.request('POST', OTP, { body: { identifier: body.email, code } });
    expect(exchanged.status).toBe(200);
    const { resetToken, expiresAt } = exchanged.body.data;
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(15 * MINUTE);

    const confirmed = await t.request('POST', CONFIRM, { body: { resetToken, newPassword: 'fresh password 9' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toMatch(/reset/);

    expect((await t.request('GET', '/api/v1/agent/auth/me', { token })).status).toBe(401);
    expect(
      (await t.request('POST', LOGIN, { body: { identifier: body.username, password: body.password } })).status,
    ).toBe(401);
    expect(
      (await t.request('POST', LOGIN, { body: { identifier: body.username, password: 'fresh password 9' } })).status,
    ).toBe(200);

    // The token works once.
    const again = await t.request('POST', CONFIRM, { body: { resetToken, newPassword: 'another one 99' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers an unknown account exactly like a known one and sends nothing', async () => {
    const { body } = await registerAgent(t);
    const known = await t.request('POST', RESET, { body: { identifier: body.phone } });
    const unknown = await t.request('POST', RESET, { body: { identifier: 'nobody@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mails = await t.db.query(`SELECT 1 FROM email_outbox WHERE to_address = 'nobody@example.com'`);
    expect(mails).toHaveLength(0);
  });

  it('stores the code only as an argon2id hash', async () => {
    const { body, user } = await registerAgent(t);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const code = await latestCode(t, body.email);
    const [row] = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM password_resets WHERE user_id = $1', [
      user.id,
    ]);
    expect(row!.code_hash).toMatch(/^\$argon2id\$/);
    expect(row!.code_hash).not.toContain(code);
  });

  it('kills the code after 5 wrong tries, even if the 6th is right', async () => {
    const { body } = await registerAgent(t);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const code = await latestCode(t, body.email);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.request('POST', OTP, { body: { identifier: body.email, code: otherCode(code) } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_CODE');
    }
    const right = await t.request('POST', OTP, { body: { identifier: body.email, code } });
    expect(right.status).toBe(400);
  });

  it('expires the code after 10 minutes', async () => {
    const { body } = await registerAgent(t);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const code = await latestCode(t, body.email);
    t.clock.advance(10 * MINUTE + 1000);
    expect((await t.request('POST', OTP, { body: { identifier: body.email, code } })).status).toBe(400);
  });

  it('uses a code once, and a new code replaces the old one', async () => {
    const { body } = await registerAgent(t);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const first = await latestCode(t, body.email);
    t.clock.advance(1000);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const second = await latestCode(t, body.email, 2);
    if (first !== second)
      expect((await t.request('POST', OTP, { body: { identifier: body.email, code: first } })).status).toBe(400);
    expect((await t.request('POST', OTP, { body: { identifier: body.email, code: second } })).status).toBe(200);
    expect((await t.request('POST', OTP, { body: { identifier: body.email, code: second } })).status).toBe(400);
  });

  it('expires the reset token after 15 minutes', async () => {
    const { body } = await registerAgent(t);
    await t.request('POST', RESET, { body: { identifier: body.email } });
    const code = await latestCode(t, body.email);
    const { resetToken } = (await t.request('POST', OTP, { body: { identifier: body.email, code } })).body.data;
    t.clock.advance(15 * MINUTE + 1000);
    const late = await t.request('POST', CONFIRM, { body: { resetToken, newPassword: 'fresh password 9' } });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers a wrong code for an unknown account like any wrong code', async () => {
    const response = await t.request('POST', OTP, { body: { identifier: 'ghost@example.com', code: '123456' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_CODE');
  });

  it.each([
    [OTP, { identifier: 'a@b.co', code: '12345' }, 'code'],
    [OTP, { identifier: 'a@b.co', code: '12345a' }, 'code'],
    [OTP, { code: '123456' }, 'identifier'],
    [CONFIRM, { resetToken: 'x', newPassword: 'short' }, 'newPassword'],
    [CONFIRM, { newPassword: 'long enough 1' }, 'resetToken'],
    [RESET, {}, 'identifier'],
    [RESET, { identifier: 'a@b.co', extra: 1 }, 'extra'],
  ])('%s refuses %j naming %s', async (path, body, field) => {
    const response = await t.request('POST', path, { body });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => error.path)).toContain(field);
  });

  it('sends an account 3 codes per address in 15 minutes, answering as for anyone past that', async () => {
    const { body } = await registerAgent(t);
    const stranger = `nobody_${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++)
      expect((await t.request('POST', RESET, { body: { identifier: body.email } })).status).toBe(200);
    await latestCode(t, body.email, 3);
    // The same account by another identifier from the same address: the answer a stranger's
    // identifier gets (a 429 here told that the two identifiers were one account), no 4th code.
    const byPhone = await t.request('POST', RESET, { body: { identifier: body.phone } });
    const byStranger = await t.request('POST', RESET, { body: { identifier: stranger } });
    expect([byPhone.status, byPhone.body]).toEqual([200, byStranger.body]);
    await codesCounted(t, body.email, '127.0.0.1', 4);
    expect(await codesSent(t, body.email)).toBe(3);
    // The same identifier a 4th time from one address is refused, known or not.
    for (let i = 0; i < 3; i++) await t.request('POST', RESET, { body: { identifier: stranger } });
    for (const identifier of [body.email, stranger]) {
      const blocked = await t.request('POST', RESET, { body: { identifier } });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBeTruthy();
    }
    // Another address may still ask: nobody can stop the owner getting a code.
    const owner = await t.request('POST', RESET, {
      body: { identifier: body.email },
      headers: { 'x-forwarded-for': '203.0.113.90' },
    });
    expect(owner.status).toBe(200);
    await latestCode(t, body.email, 4);
  });

  it('sends an account at most 10 codes in 15 minutes from everywhere, by any of its identifiers', async () => {
    const { body } = await registerAgent(t);
    const named = [body.username, body.email, body.phone];
    for (let i = 0; i < 11; i++) {
      const ip = `203.0.113.${120 + i}`;
      const asked = await t.request('POST', RESET, {
        body: { identifier: named[i % 3] },
        headers: { 'x-forwarded-for': ip },
      });
      expect(asked.status).toBe(200);
      if (i < 10) await latestCode(t, body.email, i + 1);
    }
    // The 11th address counted, and the account's limit already passed: no email will follow.
    await codesCounted(t, body.email, '203.0.113.130', 1);
    expect(await codesSent(t, body.email)).toBe(10);
  });

  it('refuses an address after 10 wrong codes for an account, counting no right one, and not the others', async () => {
    const { body } = await registerAgent(t);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const headers = from('203.0.113.77');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000); // the newest code is the latest by time
      await t.request('POST', RESET, { body: { identifier: body.email } });
      const code = await latestCode(t, body.email, i + 1);
      expect((await t.request('POST', OTP, { body: { identifier: body.email, code }, headers })).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      const wrong = await t.request('POST', OTP, { body: { identifier: body.email, code: '000000' }, headers });
      expect(wrong.status).toBe(400);
    }
    const blocked = await t.request('POST', OTP, { body: { identifier: body.username, code: '000000' }, headers });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many wrong codes. Try again in about 15 minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const elsewhere = await t.request('POST', OTP, {
      body: { identifier: body.username, code: '000000' },
      headers: from('203.0.113.78'),
    });
    expect(elsewhere.status).toBe(400);
  });
});

// Issue 19: a known identifier answered 2–3 ms slower, consistently. A timed comparison of the
// two stayed at the mercy of a shared machine's load; this proves the cause gone instead: with
// the users table locked, known and unknown identifiers are answered alike, so nothing before the
// answer reads an account (on PGlite, nothing before it touches the database at all). The work
// that sends a code waits for the lock, after the answer.
describe('password reset answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => t.close());

  it('is the same for known and unknown identifiers, and reads no account before it is sent', async () => {
    const { body: agent } = await registerAgent(t);
    const identifiers = [agent.email, agent.username, agent.phone, 'nobody@example.com', 'nobody', '08031234567'];
    const answers = await t.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const answered = [];
      for (const identifier of identifiers) {
        const response = await Promise.race([
          t.request('POST', RESET, { body: { identifier } }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`${identifier} was answered only after reading the database`)), 5_000),
          ),
        ]);
        const headers = [...response.headers.keys()].filter((name) => !['date', 'x-request-id'].includes(name));
        answered.push({ status: response.status, body: response.body, headers });
      }
      // No code is written while the answers are out: the work comes after them.
      expect(await codesSentIn(tx, agent.email)).toBe(0);
      return answered;
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.body.message).toBe(RESET_REQUESTED_MESSAGE);
    // Once the lock is gone, the known identifiers' codes arrive, one per request.
    await latestCode(t, agent.email, 3);
  });
});
