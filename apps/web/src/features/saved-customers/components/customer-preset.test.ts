import { describe, expect, it } from 'vitest';
import { customerPreset } from './customer-preset';

describe('the customer a purchase was for', () => {
  it('is the phone and network of airtime and data (Glo SME data is a Glo number)', () => {
    expect(customerPreset({ service: 'airtime', network: 'mtn', phone: '08031234567', amount: '100' })).toEqual({
      kind: 'phone',
      number: '08031234567',
      provider: 'mtn',
      meterType: null,
    });
    expect(customerPreset({ service: 'data', network: 'glo-sme', planCode: 'x', phone: '08051234567' })).toEqual({
      kind: 'phone',
      number: '08051234567',
      provider: 'glo',
      meterType: null,
    });
  });

  it('is the meter with its disco and type, and the smartcard with its provider', () => {
    expect(
      customerPreset({
        service: 'electricity',
        disco: 'ikeja-electric',
        meterType: 'postpaid',
        meterNumber: '1010101010101',
        amount: '1000',
        phone: '08031234567',
      }),
    ).toEqual({ kind: 'meter', number: '1010101010101', provider: 'ikeja-electric', meterType: 'postpaid' });
    expect(
      customerPreset({
        service: 'cable',
        provider: 'gotv',
        smartcardNumber: '1212121212',
        action: 'renew',
        phone: '08031234567',
      }),
    ).toEqual({ kind: 'smartcard', number: '1212121212', provider: 'gotv', meterType: null });
  });

  it('is nobody for exam PINs', () => {
    expect(customerPreset({ service: 'result-checker', exam: 'waec', quantity: 1, phone: '08031234567' })).toBeNull();
  });
});
