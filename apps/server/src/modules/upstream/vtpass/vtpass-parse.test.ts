import { describe, expect, it } from 'vitest';
import { cleanToken, nairaToKobo, readPayResponse, readVariations, readVerifyResponse } from './vtpass-parse.js';
import { isValidRequestId, lagosStamp, newRequestId } from './request-id.js';

// The reference's table (vtpass-protocol.md, "Response codes"), written out here rather than
// read from VTPASS_CODES, so that a wrong entry there fails: each code's verdict for the order
// when it answers a pay, and when it answers a requery (docs/decisions/029).
const ACCOUNT_CODES = ['018', '021', '022', '023', '024', '025', '026', '027', '028', '030', '034', '035', '087'];
const CODES: Array<[code: string, onPay: string, onRequery: string]> = [
  ['099', 'unknown', 'unknown'],
  ['089', 'unknown', 'unknown'],
  ['014', 'unknown', 'unknown'],
  ['083', 'unknown', 'unknown'],
  ['015', 'unknown', 'unknown-request'],
  ['091', 'failed', 'failed'],
  ['016', 'failed', 'failed'],
  ['040', 'reversed', 'reversed'],
  // A pay refused for its arguments was not taken; a requery so refused says nothing.
  ...['010', '011', '012', '013', '017', '031', '032', '019', '085'].map((code): [string, string, string] => [
    code,
    'failed',
    'unknown',
  ]),
  // The provider's account: alert; a refused pay was not taken, a refused requery says nothing.
  ...ACCOUNT_CODES.map((code): [string, string, string] => [code, 'refused', 'refused']),
  ['777', 'unknown', 'unknown'],
];

describe('every response code of the reference', () => {
  it.each(CODES)('%s: %s on a pay, %s on a requery', (code, onPay, onRequery) => {
    const body = { code, response_description: 'WHATEVER', requestId: '202611241200abc' };
    expect(readPayResponse(body, 'pay')).toMatchObject({ verdict: onPay, code });
    expect(readPayResponse(body, 'requery')).toMatchObject({ verdict: onRequery, code });
  });

  it.each(['000', '001', '044'])('%s: reads the inner status', (code) => {
    for (const [inner, verdict] of [
      ['delivered', 'delivered'],
      ['successful', 'delivered'],
      ['initiated', 'unknown'],
      ['pending', 'unknown'],
      ['failed', 'failed'],
      ['reversed', 'reversed'],
      ['something new', 'unknown'],
    ]) {
      for (const call of ['pay', 'requery'] as const) {
        expect(readPayResponse({ code, content: { transactions: { status: inner } } }, call).verdict, inner).toBe(
          verdict,
        );
      }
    }
  });

  it('verify: 000 and 020 confirm the customer, unless the content says the number is wrong', () => {
    for (const code of ['000', '020']) {
      expect(
        readVerifyResponse({ code, content: { Customer_Name: ' ADA OKAFOR ', Renewal_Amount: '6000.00' } }),
      ).toEqual({
        ok: true,
        customerName: 'ADA OKAFOR',
        details: { Customer_Name: ' ADA OKAFOR ', Renewal_Amount: '6000.00' },
      });
    }
    expect(readVerifyResponse({ code: '000', content: { WrongBillersCode: true } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(readVerifyResponse({ code: '000', content: { error: 'Meter not found' } })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Meter not found',
    });
  });

  it('verify: 011 and 012 refuse the number, 030 or no code at all is a biller to try again', () => {
    for (const code of ['011', '012'])
      expect(readVerifyResponse({ code, content: {} })).toMatchObject({ reason: 'invalid' });
    for (const payload of [{ code: '030' }, { content: { Customer_Name: 'X' } }, 'Bad gateway', null]) {
      expect(readVerifyResponse(payload)).toMatchObject({ ok: false, reason: 'unreachable' });
    }
  });
});

describe('reading VTpass answers defensively', () => {
  it('parses money as strings or numbers without floats', () => {
    expect(nairaToKobo('1850.00')).toBe(185_000n);
    expect(nairaToKobo(1850)).toBe(185_000n);
    expect(nairaToKobo('1,850.5')).toBe(185_050n);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30n);
    expect(nairaToKobo('abc')).toBeNull();
    expect(nairaToKobo(-5)).toBeNull();
  });

  it('strips token prefixes and groups the digits', () => {
    expect(cleanToken('Token : 2636 2054 1234 5678 9012')).toBe('2636 2054 1234 5678 9012');
    expect(cleanToken('26362054123456789012')).toBe('2636 2054 1234 5678 9012');
    expect(cleanToken('')).toBeNull();
  });

  it('reads an answer without a code, or no JSON object at all, as unknown', () => {
    for (const payload of [{ nothing: true }, 'Bad gateway', null, []]) {
      expect(readPayResponse(payload, 'pay')).toMatchObject({ verdict: 'unknown', code: 'unexpected' });
      expect(readPayResponse(payload, 'requery')).toMatchObject({ verdict: 'unknown', code: 'unexpected' });
    }
  });

  it('finds tokens under any of their names and cards in purchased_code', () => {
    expect(readPayResponse({ code: '000', mainToken: '1111222233334444555 5' }, 'pay').token).toBe(
      '1111 2222 3333 4444 5555',
    );
    expect(
      readPayResponse({ code: '000', purchased_code: 'Serial No:WRN123456790, pin: 098765432112' }, 'pay').cards,
    ).toEqual([{ serial: 'WRN123456790', pin: '098765432112' }]);
  });

  it('keeps a JAMB PIN from its Pin field or from "Pin : ..." in purchased_code, and no card for it', () => {
    const delivered = { code: '000', content: { transactions: { status: 'delivered' } } };
    expect(
      readPayResponse({ ...delivered, purchased_code: 'Pin : 367574683050773', Pin: '367574683050773' }, 'pay'),
    ).toMatchObject({ verdict: 'delivered', pin: '367574683050773', cards: [], token: null });
    expect(readPayResponse({ ...delivered, purchased_code: 'Pin : 367574683050773' }, 'requery').pin).toBe(
      '367574683050773',
    );
    expect(readPayResponse({ ...delivered, Pin: 'Pin : 12345678' }, 'pay').pin).toBe('12345678');
    // WAEC's cards carry their PINs; they are not a JAMB PIN.
    expect(
      readPayResponse({ ...delivered, purchased_code: 'Serial No:WRN123456790, pin: 098765432112' }, 'pay').pin,
    ).toBeNull();
    expect(readPayResponse(delivered, 'pay').pin).toBeNull();
  });

  it('keeps the customer an electricity payment names, under either spelling', () => {
    const paid = readPayResponse(
      {
        code: '000',
        content: { transactions: { status: 'delivered' } },
        customerName: 'ZAINAB NWOSU ',
        customerAddress: ' 24 Adeola Odeku Street',
      },
      'pay',
    );
    expect(paid).toMatchObject({ customerName: 'ZAINAB NWOSU', customerAddress: '24 Adeola Odeku Street' });
    expect(readPayResponse({ code: '000', CustomerName: 'A', CustomerAddress: 'B' }, 'pay')).toMatchObject({
      customerName: 'A',
      customerAddress: 'B',
    });
    expect(readPayResponse({ code: '000' }, 'pay')).toMatchObject({ customerName: null, customerAddress: null });
  });

  it('takes variations from either spelling', () => {
    const variation = { variation_code: 'dstv79', name: 'Compact', variation_amount: '19000.00', fixedPrice: 'Yes' };
    expect(readVariations({ content: { varations: [variation] } })).toEqual([
      { code: 'dstv79', name: 'Compact', amount: 1_900_000n, fixedPrice: true },
    ]);
  });
});

describe('request ids', () => {
  it('start with the Lagos date, hour and minute', () => {
    expect(lagosStamp(new Date('2022-02-07T17:30:00Z'))).toBe('202202071830');
    const id = newRequestId(new Date('2022-02-07T23:30:00Z'));
    expect(id.slice(0, 12)).toBe('202202080030');
    expect(id).toMatch(/^\d{12}[A-Za-z0-9]{12}$/);
  });

  it('never repeat, and draw their suffix from letters of both cases and digits', () => {
    const ids = Array.from({ length: 500 }, () => newRequestId(new Date('2026-11-24T10:00:00Z')));
    expect(new Set(ids).size).toBe(500);
    const suffixes = ids.map((id) => id.slice(12)).join('');
    expect(suffixes).toMatch(/[a-z]/);
    expect(suffixes).toMatch(/[A-Z]/);
    expect(suffixes).toMatch(/[0-9]/);
    expect(new Set(suffixes).size).toBe(62);
  });

  it('are valid only with today’s Lagos date', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(isValidRequestId(newRequestId(now), now)).toBe(true);
    expect(isValidRequestId('20261121100000abc', now)).toBe(false);
    expect(isValidRequestId('2026112210', now)).toBe(false);
    expect(isValidRequestId('202611221000$$', now)).toBe(false);
  });
});
