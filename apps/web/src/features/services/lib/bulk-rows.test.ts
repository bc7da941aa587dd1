import { describe, expect, it } from 'vitest';
import type { TService } from '@agentdesk/contract/catalog/services';
import type { TBulkPurchase } from '@agentdesk/contract/purchases/bulk-purchase';
import { bulkTotals, checkRows, parseBulkText, resultsCsv } from './bulk-rows';

const service = (id: string, extra: Partial<TService> = {}): TService => ({
  category: 'airtime',
  id,
  name: id,
  image: null,
  productType: 'flexible',
  minAmount: '50.00',
  maxAmount: '50000.00',
  discountPercent: '2.00',
  variations: [],
  ...extra,
});
const AIRTIME = [service('mtn'), service('glo'), service('airtel'), service('etisalat')];

describe('bulk rows', () => {
  it('reads numbers with or without amounts, skips blank lines and a header', () => {
    const rows = parseBulkText('phone,amount\n08031234567\n\n+234 805 123 4567, 200\n"12345";300\n', '100');
    expect(rows).toEqual([
      { index: 0, input: '08031234567', phone: '08031234567', guessed: 'mtn', amount: '100' },
      { index: 1, input: '+234 805 123 4567', phone: '08051234567', guessed: 'glo', amount: '200' },
      { index: 2, input: '12345', phone: null, guessed: null, amount: '300' },
    ]);
  });

  it('flags a bad number, an unknown network, an amount out of limits and a duplicate; the agent may override a network', () => {
    const rows = parseBulkText('08031234567\n0803 123 4567\n07021234567\n08021234567,10\nabc\n', '100');
    const checked = checkRows(rows, { service: 'airtime', services: AIRTIME, overrides: {}, plans: {} });
    expect(checked.map((row) => row.problem)).toEqual([
      null,
      'Same as row 1',
      'Unknown network: choose it',
      'The minimum is ₦50.00',
      'Not a Nigerian mobile number',
    ]);
    expect(checked[0]).toMatchObject({ network: 'mtn', faceValue: '100.00', price: '98.00' });

    const overridden = checkRows(rows, {
      service: 'airtime',
      services: AIRTIME,
      overrides: { 0: 'glo', 2: 'airtel' },
      plans: {},
    });
    expect(overridden[0]!.network).toBe('glo');
    // The same number is one line whatever its network.
    expect(overridden[1]!.problem).toBe('Same as row 1');
    expect(overridden[2]).toMatchObject({ network: 'airtel', problem: null });
    expect(bulkTotals(overridden)).toMatchObject({ valid: 2, skipped: 3, faceValue: '200.00', price: '196.00' });
  });

  it('buys data by the plan chosen for each network', () => {
    const data = [
      service('mtn-data', {
        category: 'data',
        variations: [{ code: 'mtn-1gb', name: '1GB', faceValue: '500.00', price: '485.00' }],
      }),
    ];
    const rows = parseBulkText('08031234567\n08051234567', '');
    const checked = checkRows(rows, { service: 'data', services: data, overrides: {}, plans: { mtn: 'mtn-1gb' } });
    expect(checked[0]).toMatchObject({ planCode: 'mtn-1gb', price: '485.00', problem: null });
    expect(checked[1]!.problem).toBe('Glo data is not available right now');
  });

  it('writes the results as CSV, quoting what needs it', () => {
    const batch = {
      id: '00000000-0000-4000-8000-000000000000',
      status: 'done',
      createdAt: '2026-11-28T00:00:00.000Z',
      counts: { total: 1, queued: 0, pending: 0, delivered: 0, failed: 1 },
      totalCharged: '0.00',
      rows: [
        {
          index: 0,
          requestId: 'bulk-x-0',
          service: 'airtime',
          network: 'mtn',
          phone: '08031234567',
          planCode: null,
          amount: '100.00',
          price: null,
          status: 'failed',
          charged: false,
          message: 'Not enough balance, "really". Not charged.',
        },
      ],
    } satisfies TBulkPurchase;
    expect(resultsCsv(batch)).toBe(
      'row,phone,network,amount,plan,status,charged,price,requestId,message\n' +
        '1,08031234567,mtn,100.00,,failed,no,,bulk-x-0,"Not enough balance, ""really"". Not charged."\n',
    );
  });
});
