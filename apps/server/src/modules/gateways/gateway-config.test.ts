import { describe, expect, it } from 'vitest';
import { ConfigError, GATEWAY_SANDBOX_CREDENTIALS, loadConfig } from '../../config.js';
import { gatewayFee } from './gateway-client.js';

const REAL = { UPSTREAM_BASE_URL: 'https://vtpass.example/api/' };

describe('gateway configuration (decision 046)', () => {
  it('runs both gateways on their built-in sandboxes in the demo, with the published fees', () => {
    const { gateways } = loadConfig({});
    expect(gateways.paystack).toMatchObject({
      sandbox: true,
      baseUrl: null,
      secretKey: GATEWAY_SANDBOX_CREDENTIALS.paystackSecret,
      preferredBank: 'test-bank',
      validateCustomers: true,
      fee: { flat: 0n, bps: 100, cap: 30_000n },
    });
    expect(gateways.monnify).toMatchObject({ sandbox: true, fee: { flat: 0n, bps: 150, cap: 200_000n } });
    expect(gateways.kycEncryptionKey).toBeUndefined();
  });

  it('turns a gateway on outside the demo only with its keys, against its live API unless told', () => {
    expect(loadConfig(REAL).gateways).toMatchObject({ paystack: undefined, monnify: undefined });
    const paystack = loadConfig({ ...REAL, PAYSTACK_SECRET_KEY: 'sk_live_0123456789' }).gateways.paystack;
    expect(paystack).toMatchObject({
      sandbox: false,
      baseUrl: 'https://api.paystack.co',
      preferredBank: 'wema-bank',
      validateCustomers: true,
    });
    // Customer identification is on wherever Paystack is, unless turned off (decision 046).
    expect(
      loadConfig({ ...REAL, PAYSTACK_SECRET_KEY: 'sk_live_0123456789', PAYSTACK_VALIDATE_CUSTOMERS: 'false' }).gateways
        .paystack?.validateCustomers,
    ).toBe(false);
    expect(() => loadConfig({ ...REAL, MONNIFY_CLIENT_SECRET: 'client-secret-123' })).toThrow(ConfigError);
    try {
      loadConfig({ ...REAL, MONNIFY_CLIENT_SECRET: 'client-secret-123' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'MONNIFY_API_KEY: is required with MONNIFY_CLIENT_SECRET',
        'MONNIFY_CONTRACT_CODE: is required with MONNIFY_CLIENT_SECRET (got undefined)',
      ]);
    }
    const monnify = loadConfig({
      ...REAL,
      MONNIFY_CLIENT_SECRET: 'client-secret-123',
      MONNIFY_API_KEY: 'MK_PROD_X',
      MONNIFY_CONTRACT_CODE: '123',
      MONNIFY_BASE_URL: 'https://sandbox.monnify.com',
      MONNIFY_FEE_FLAT_NAIRA: '20',
      MONNIFY_FEE_PERCENT: '0.75',
      MONNIFY_FEE_CAP_NAIRA: '0',
    }).gateways.monnify;
    expect(monnify).toMatchObject({
      sandbox: false,
      baseUrl: 'https://sandbox.monnify.com',
      fee: { flat: 2_000n, bps: 75, cap: 0n },
    });
  });

  it('refuses a bad fee or encryption key, naming the variable and never echoing the key', () => {
    expect(() => loadConfig({ PAYSTACK_FEE_PERCENT: '1.255' })).toThrow(/PAYSTACK_FEE_PERCENT: at most two decimals/);
    expect(() => loadConfig({ MONNIFY_FEE_PERCENT: '101' })).toThrow(/MONNIFY_FEE_PERCENT/);
    try {
      loadConfig({ KYC_ENCRYPTION_KEY: 'c2hvcnQ=' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).message).toContain('KYC_ENCRYPTION_KEY: must be 32 bytes in base64');
      expect((error as ConfigError).message).not.toContain('c2hvcnQ=');
    }
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ KYC_ENCRYPTION_KEY: key }).gateways.kycEncryptionKey).toEqual(Buffer.alloc(32, 7));
  });

  it('takes flat + percent, at most the cap, rounded down, never the whole transfer', () => {
    const paystack = { flat: 0n, bps: 100, cap: 30_000n };
    expect(gatewayFee(paystack, 1_000_000n)).toBe(10_000n);
    expect(gatewayFee(paystack, 100_000_000n)).toBe(30_000n);
    expect(gatewayFee(paystack, 199n)).toBe(1n);
    expect(gatewayFee({ flat: 5_000n, bps: 0, cap: 0n }, 5_000n)).toBe(4_999n);
    expect(gatewayFee({ flat: 0n, bps: 0, cap: 0n }, 5_000n)).toBe(0n);
  });
});
