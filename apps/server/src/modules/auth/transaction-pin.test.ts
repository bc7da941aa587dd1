import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundedAgent, newAgentBody, startTestApp, TEST_PIN, type TestApp, walletBalance } from '../../test/test-app.js';
import { operatorToken } from '../../test/test-operator.js';
import { creditWallet, expectLedgerHealthy } from '../../test/test-money.js';
import { waitForMail } from '../../test/test-mail.js';
import type { AppError } from '../../lib/app-error.js';
import { hashSecret } from '../../lib/passwords.js';
import type { MailService } from '../mail/mail.service.js';
import { createTransactionPinService } from './transaction-pin.service.js';

const BUY = '/api/v1/agent/purchases';
const PIN = '/api/v1/agent/auth/pin';
const MINUTE = 60_000;
const WRONG = '1357';

describe('transaction PIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' } });
    const synced = await t.request('POST', '/api/v1/admin/catalog/sync', { token: await operatorToken(t) });
    expect(synced.status).toBe(200);
  });
  afterEach(() => expectLedgerHealthy(t.db));
  afterAll(() => t.close());

  const airtime = (pin: string | undefined, requestId = randomUUID()) => ({
    service: 'airtime',
    requestId,
    network: 'mtn',
    phone: '08031234567',
    amount: '100',
    pin,
  });
  const orders = async (userId: string) =>
    (await t.db.query('SELECT 1 FROM orders WHERE user_id = $1', [userId])).length;

  it('asks a new agent to choose a PIN first, then buys with it', async () => {
    // Registered by hand: registerAgent chooses TEST_PIN.
    const fresh = await t.request('POST', '/api/v1/agent/auth/register', { body: newAgentBody() });
    const token = fresh.body.data.authorization.token as string;
    const userId = fresh.body.data.user.id as string;
    await creditWallet(t.db, userId, 100_000n, { now: new Date(t.clock.now().getTime() - 1000) });

    expect((await t.request('GET', PIN, { token })).body.data).toEqual({ isSet: false, lockedUntil: null });
    const refused = await t.request('POST', BUY, { token, body: airtime('1234') });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PIN_NOT_SET', message: 'Choose a transaction PIN first.' });
    expect(await orders(userId)).toBe(0);

    const set = await t.request('POST', PIN, { token, body: { pin: '1234' } });
    expect(set.status).toBe(201);
    expect(set.body.data).toEqual({ isSet: true, lockedUntil: null });
    const again = await t.request('POST', PIN, { token, body: { pin: '9999' } });
    expect(again.status).toBe(409);

    const bought = await t.request('POST', BUY, { token, body: airtime('1234') });
    expect(bought.status).toBe(201);
    expect(await walletBalance(t, token)).toBe('902.00');
    // The hash is argon2id, never the PIN.
    const [row] = await t.db.query<{ pin_hash: string }>('SELECT pin_hash FROM transaction_pins WHERE user_id = $1', [
      userId,
    ]);
    expect(row!.pin_hash).toMatch(/^\$argon2id\$/);
  });

  it('checks a PIN this instance never verified with its argon2id hash (as another instance would)', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    // Written as another instance would have: this one has never seen the PIN.
    await t.db.query('UPDATE transaction_pins SET pin_hash = $2 WHERE user_id = $1', [
      user.id,
      await hashSecret('8642'),
    ]);
    expect((await t.request('POST', BUY, { token, body: airtime(TEST_PIN) })).body.message).toBe(
      'Wrong PIN. 4 tries left.',
    );
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.request('POST', BUY, { token, body: airtime('8642') })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const [row] = await t.db.query<{ tries: number }>('SELECT tries FROM transaction_pins WHERE user_id = $1', [
      user.id,
    ]);
    expect(row!.tries).toBe(0);
    expect(await walletBalance(t, token)).toBe(`${(10_000 - 3 * 98).toFixed(2)}`);
  });

  it('refuses a missing or malformed PIN as a 422 naming the field', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    const missing = await t.request('POST', BUY, { token, body: airtime(undefined) });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ path: 'pin', message: 'PIN is required' }]);
    const short = await t.request('POST', BUY, { token, body: airtime('12a4') });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual([{ path: 'pin', message: 'PIN is 4 digits' }]);
    expect(await orders(user.id)).toBe(0);
  });

  it('counts wrong PINs in words, pauses purchases for 15 minutes after 5, and never charges a wrong one', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await t.request('POST', BUY, { token, body: airtime(WRONG) });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        code: 'WRONG_PIN',
        message: `Wrong PIN. ${left === 1 ? '1 try' : `${left} tries`} left.`,
      });
    }
    const fifth = await t.request('POST', BUY, { token, body: airtime(WRONG) });
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({
      code: 'PIN_LOCKED',
      message: 'Too many wrong PINs. Purchases are paused for 15 minutes.',
    });
    expect(fifth.headers.get('retry-after')).toBe('900');

    // The right PIN is refused until the pause ends.
    const right = await t.request('POST', BUY, { token, body: airtime(TEST_PIN) });
    expect(right.status).toBe(423);
    t.clock.advance(10 * MINUTE);
    const later = await t.request('POST', BUY, { token, body: airtime(TEST_PIN) });
    expect(later.status).toBe(423);
    expect(later.body.message).toBe('Too many wrong PINs. Purchases are paused for about 5 minutes.');
    expect((await t.request('GET', PIN, { token })).body.data.lockedUntil).not.toBeNull();
    expect(await orders(user.id)).toBe(0);
    expect(await walletBalance(t, token)).toBe('10000.00');

    t.clock.advance(5 * MINUTE);
    const after = await t.request('POST', BUY, { token, body: airtime(TEST_PIN) });
    expect(after.status).toBe(201);
    expect(await walletBalance(t, token)).toBe('9902.00');
    // A right PIN starts the count again: 4 wrong ones leave 1 try, not a pause.
    for (let i = 0; i < 4; i++) await t.request('POST', BUY, { token, body: airtime(WRONG) });
    expect((await t.request('POST', BUY, { token, body: airtime(TEST_PIN) })).status).toBe(201);
    const fresh = await t.request('POST', BUY, { token, body: airtime(WRONG) });
    expect(fresh.body.message).toBe('Wrong PIN. 4 tries left.');
  });

  it('gives concurrent wrong PINs 5 tries in all: the rest are refused, nothing is charged', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.request('POST', BUY, { token, body: airtime(WRONG) })),
    );
    const codes = answers.map((answer) => answer.body.code);
    // Five were checked (the last of them paused purchases); the others were refused unchecked.
    expect(codes.filter((code) => code === 'WRONG_PIN' || code === 'PIN_LOCKED')).toHaveLength(12);
    const [row] = await t.db.query<{ tries: number; locked_until: Date | null }>(
      'SELECT tries, locked_until FROM transaction_pins WHERE user_id = $1',
      [user.id],
    );
    expect(row!.tries).toBe(5);
    expect(row!.locked_until).not.toBeNull();
    expect(codes.filter((code) => code === 'WRONG_PIN').length).toBeLessThanOrEqual(4);
    // The right PIN, concurrently, after the pause began: refused too.
    const right = await Promise.all(
      Array.from({ length: 3 }, () => t.request('POST', BUY, { token, body: airtime(TEST_PIN) })),
    );
    expect(right.map((answer) => answer.status)).toEqual([423, 423, 423]);
    expect(await orders(user.id)).toBe(0);
    expect(await walletBalance(t, token)).toBe('10000.00');
  });

  it('counts exactly 5 of many wrong PINs checked at once by the service itself', async () => {
    // Over HTTP the requests above tend to arrive one after another; here they overlap for sure:
    // every check is under way before any has counted.
    const { user } = await fundedAgent(t, 1_000_000n);
    const pins = createTransactionPinService({ db: t.db, clock: t.clock, mail: {} as MailService });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => pins.check(user.id, WRONG)));
    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as AppError).code : 'OK'));
    expect(codes.filter((code) => code === 'OK')).toEqual([]);
    expect(codes.filter((code) => code === 'WRONG_PIN').length).toBeLessThanOrEqual(4);
    const [row] = await t.db.query<{ tries: number; locked_until: Date | null }>(
      'SELECT tries, locked_until FROM transaction_pins WHERE user_id = $1',
      [user.id],
    );
    expect(row).toEqual({ tries: 5, locked_until: new Date(t.clock.now().getTime() + 15 * MINUTE) });
    await expect(pins.check(user.id, TEST_PIN)).rejects.toMatchObject({ code: 'PIN_LOCKED' });
  });

  it('checks the right PIN and wrong ones concurrently without a wrong one ever buying', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.request('POST', BUY, { token, body: airtime(i % 2 ? WRONG : TEST_PIN) })),
    );
    const bought = answers.filter((answer) => answer.status === 201).length;
    for (const [i, answer] of answers.entries()) {
      if (i % 2) expect(answer.status).not.toBe(201);
    }
    expect(await orders(user.id)).toBe(bought);
    expect(await walletBalance(t, token)).toBe(`${(10_000 - 98 * bought).toFixed(2)}`);
  });

  it('changes the PIN with the current PIN or the password, and emails the agent', async () => {
    const { token, body, user } = await fundedAgent(t, 1_000_000n);
    const wrongPin = await t.request('POST', `${PIN}/change`, { token, body: { currentPin: WRONG, newPin: '1111' } });
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.body.message).toBe('Wrong PIN. 4 tries left.');
    const neither = await t.request('POST', `${PIN}/change`, { token, body: { newPin: '1111' } });
    expect(neither.status).toBe(422);
    expect(neither.body.errors).toEqual([{ path: 'currentPin', message: 'Enter your current PIN or your password' }]);

    const changed = await t.request('POST', `${PIN}/change`, { token, body: { currentPin: TEST_PIN, newPin: '1111' } });
    expect(changed.status).toBe(200);
    expect((await t.request('POST', BUY, { token, body: airtime(TEST_PIN) })).status).toBe(400);
    expect((await t.request('POST', BUY, { token, body: airtime('1111') })).status).toBe(201);

    const badPassword = await t.request('POST', `${PIN}/change`, {
      token,
      body: { password: 'not my password', newPin: '2222' },
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.code).toBe('WRONG_PASSWORD');
    // Paused by wrong PINs: the password still changes it, and ends the pause.
    for (let i = 0; i < 5; i++) await t.request('POST', BUY, { token, body: airtime(WRONG) });
    expect(
      (await t.request('POST', `${PIN}/change`, { token, body: { currentPin: '1111', newPin: '2222' } })).status,
    ).toBe(423);
    const byPassword = await t.request('POST', `${PIN}/change`, {
      token,
      body: { password: body.password, newPin: '2222' },
    });
    expect(byPassword.status).toBe(200);
    expect(byPassword.body.data).toEqual({ isSet: true, lockedUntil: null });
    expect((await t.request('POST', BUY, { token, body: airtime('2222') })).status).toBe(201);

    await waitForMail(t.db, user.email, 2);
    const mails = await t.db.query<{ subject: string }>('SELECT subject FROM email_outbox WHERE to_address = $1', [
      user.email,
    ]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your transaction PIN was changed',
      'Your transaction PIN was changed',
    ]);
  });

  it('resets a forgotten PIN with an emailed code: 5 tries, 10 minutes, once', async () => {
    const { token, user } = await fundedAgent(t, 1_000_000n);
    for (let i = 0; i < 5; i++) await t.request('POST', BUY, { token, body: airtime(WRONG) });
    const latestCode = async () => {
      const [mail] = await t.db.query<{ body_text: string }>(
        `SELECT body_text FROM email_outbox WHERE to_address = $1 AND subject = 'Your transaction PIN reset code'
         ORDER BY created_at DESC LIMIT 1`,
        [user.email],
      );
      return /\b(\d{6})\b/.exec(mail!.body_text)![1]!;
    };

    const sent = await t.request('POST', `${PIN}/reset-code`, { token });
    expect(sent.status).toBe(200);
    const code = await latestCode();
    const other = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const wrong = await t.request('POST', `${PIN}/reset`, { token, body: { code: other, newPin: '4321' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_CODE');
    }
    // Five wrong tries end the code, even the right one.
    expect((await t.request('POST', `${PIN}/reset`, { token, body: { code, newPin: '4321' } })).status).toBe(400);

    await t.request('POST', `${PIN}/reset-code`, { token });
    const second = await latestCode();
    t.clock.advance(11 * MINUTE);
    expect((await t.request('POST', `${PIN}/reset`, { token, body: { code: second, newPin: '4321' } })).status).toBe(
      400,
    );

    await t.request('POST', `${PIN}/reset-code`, { token });
    const third = await latestCode();
    const reset = await t.request('POST', `${PIN}/reset`, { token, body: { code: third, newPin: '4321' } });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ isSet: true, lockedUntil: null });
    expect((await t.request('POST', `${PIN}/reset`, { token, body: { code: third, newPin: '5555' } })).status).toBe(
      400,
    );
    expect((await t.request('POST', BUY, { token, body: airtime('4321') })).status).toBe(201);
    const [row] = await t.db.query<{ reset_code_hash: string | null }>(
      'SELECT reset_code_hash FROM transaction_pins WHERE user_id = $1',
      [user.id],
    );
    expect(row!.reset_code_hash).toBeNull();

    // Three codes per 15 minutes.
    expect((await t.request('POST', `${PIN}/reset-code`, { token })).status).toBe(429);
  });

  it('is never asked of an API key, which refuses a PIN as an unknown field', async () => {
    const { token } = await fundedAgent(t, 1_000_000n);
    const created = await t.request('POST', '/api/v1/agent/api/keys', { token });
    expect(created.status).toBe(201);
    const key = created.body.data.secret as string;
    const { pin: _pin, ...body } = airtime(undefined);
    const bought = await t.request('POST', '/api/v1/reseller/purchases', { token: key, body });
    expect(bought.status).toBe(201);
    const withPin = await t.request('POST', '/api/v1/reseller/purchases', { token: key, body: airtime(TEST_PIN) });
    expect(withPin.status).toBe(422);
    expect(withPin.body.message).toMatch(/pin/);
  });
});
