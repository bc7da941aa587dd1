import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SANDBOX_CREDENTIALS } from '../../../config.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

/** The gateway sandboxes over real HTTP, as their clients (and a third party's) see them. */
describe('Monnify and Paystack sandboxes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Customers assigned directly here; the identification endpoint is tested in paystack-identification.test.ts.
    t = await startTestApp({ env: { PAYSTACK_VALIDATE_CUSTOMERS: 'false' } });
  }, 120_000);
  afterAll(() => t?.close());

  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const { monnifyApiKey, monnifySecret, monnifyContractCode, paystackSecret } = GATEWAY_SANDBOX_CREDENTIALS;
  const basic = (user: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  });

  it('Monnify: logs in with Basic, reserves an account once, checks the name on the BVN, answers the transaction', async () => {
    expect((await call('POST', '/sandbox/monnify/api/v1/auth/login', basic(monnifyApiKey, 'wrong'))).status).toBe(401);
    const login = await call('POST', '/sandbox/monnify/api/v1/auth/login', basic(monnifyApiKey, monnifySecret));
    expect(login.body).toMatchObject({ requestSuccessful: true, responseCode: '0', responseBody: { expiresIn: 3599 } });
    const bearer = { authorization: `Bearer ${login.body.responseBody.accessToken}` };
    expect((await call('GET', '/sandbox/monnify/api/v2/transactions/x', { authorization: 'Bearer nope' })).status).toBe(
      401,
    );

    const reserve = (customerName: string, bvn: string) =>
      call('POST', '/sandbox/monnify/api/v2/bank-transfer/reserved-accounts', bearer, {
        accountReference: 'ref-sandbox-1',
        accountName: customerName,
        currencyCode: 'NGN',
        contractCode: monnifyContractCode,
        customerEmail: 'u@example.com',
        customerName,
        bvn,
        getAllAvailableBanks: true,
      });
    const mismatch = await reserve('Chidi Okafor', '22222222222');
    expect(mismatch).toMatchObject({ status: 400, body: { requestSuccessful: false, responseCode: '99' } });
    expect((await reserve('Uchenna Okoro', '12345678900')).body.responseMessage).toBe('Invalid BVN');
    expect((await reserve('Uchenna Okoro', '22222222290')).status).toBe(503);
    const created = await reserve('okoro UCHENNA', '22222222222');
    expect(created.body.responseBody).toMatchObject({
      accountReference: 'ref-sandbox-1',
      customerName: 'Uchenna Okoro',
      collectionChannel: 'RESERVED_ACCOUNT',
      status: 'ACTIVE',
    });
    expect(created.body.responseBody.accounts).toHaveLength(3);
    expect((await reserve('Uchenna Okoro', '22222222222')).body.responseCode).toBe('R42');
    const fetched = await call('GET', '/sandbox/monnify/api/v2/bank-transfer/reserved-accounts/ref-sandbox-1', bearer);
    expect(fetched.body.responseBody.accounts).toEqual(created.body.responseBody.accounts);

    const accountNumber = created.body.responseBody.accounts[0].accountNumber as string;
    const transfer = await call(
      'POST',
      '/sandbox/monnify/_sandbox/transfers',
      {},
      { accountNumber, amount: 1234.5, deliver: false },
    );
    const { body, signature } = transfer.body.webhook as { body: string; signature: string };
    expect(signature).toBe(createHmac('sha512', monnifySecret).update(body).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        product: { type: 'RESERVED_ACCOUNT', reference: 'ref-sandbox-1' },
        amountPaid: 1234.5,
        paymentStatus: 'PAID',
      },
    });
    const reference = transfer.body.transactionReference as string;
    expect(reference).toContain('|');
    const status = await call('GET', `/sandbox/monnify/api/v2/transactions/${encodeURIComponent(reference)}`, bearer);
    expect(status.body.responseBody).toMatchObject({
      transactionReference: reference,
      amountPaid: 1234.5,
      paymentStatus: 'PAID',
    });
    expect((await call('GET', '/sandbox/monnify/api/v2/transactions/MNFY%7Cnone', bearer)).status).toBe(404);
  });

  it('Paystack: the secret key as bearer, customer then dedicated account (once), verify in kobo', async () => {
    expect(
      (await call('POST', '/sandbox/paystack/customer', { authorization: 'Bearer sk_test_wrong' }, {})).status,
    ).toBe(401);
    const auth = { authorization: `Bearer ${paystackSecret}` };
    const customer = await call('POST', '/sandbox/paystack/customer', auth, {
      email: 'dva@example.com',
      first_name: 'Uchenna',
      last_name: 'Okoro',
      phone: '08031234568',
    });
    expect(customer.body).toMatchObject({ status: true, data: { email: 'dva@example.com' } });
    const code = customer.body.data.customer_code as string;
    expect(code).toMatch(/^CUS_/);
    expect((await call('GET', '/sandbox/paystack/customer/dva@example.com', auth)).body.data.customer_code).toBe(code);
    const dva = await call('POST', '/sandbox/paystack/dedicated_account', auth, {
      customer: code,
      preferred_bank: 'test-bank',
    });
    expect(dva.body).toMatchObject({
      status: true,
      message: 'Assigned Managed Account',
      data: { bank: { slug: 'test-bank' }, account_name: 'AGENTDESK/UCHENNA OKORO', assigned: true, active: true },
    });
    const again = await call('POST', '/sandbox/paystack/dedicated_account', auth, {
      customer: code,
      preferred_bank: 'test-bank',
    });
    expect(again.body.status).toBe(false);
    const list = await call(
      'GET',
      `/sandbox/paystack/dedicated_account?customer=${customer.body.data.id}&active=true`,
      auth,
    );
    expect(list.body.data).toHaveLength(1);

    const transfer = await call(
      'POST',
      '/sandbox/paystack/_sandbox/transfers',
      {},
      {
        accountNumber: dva.body.data.account_number,
        amount: 150_000,
        deliver: false,
      },
    );
    const { body, signature } = transfer.body.webhook as { body: string; signature: string };
    expect(signature).toBe(createHmac('sha512', paystackSecret).update(body).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({
      event: 'charge.success',
      data: { amount: 150_000, channel: 'dedicated_nuban', customer: { customer_code: code } },
    });
    const verify = await call('GET', `/sandbox/paystack/transaction/verify/${transfer.body.reference}`, auth);
    expect(verify.body).toMatchObject({ status: true, data: { status: 'success', amount: 150_000, fees: 1500 } });
    expect((await call('GET', '/sandbox/paystack/transaction/verify/nope', auth)).body).toEqual({
      status: false,
      message: 'Transaction reference not found',
    });
  });
});
