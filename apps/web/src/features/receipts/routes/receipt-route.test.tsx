import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TReceipt } from '@agentdesk/contract/transactions/receipt';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ReceiptRoute } from './receipt-route';

const domToBlob = vi.hoisted(() => vi.fn());
vi.mock('modern-screenshot', () => ({ domToBlob }));

const BASE: TReceipt = {
  brandName: 'QuickTopUp',
  transactionId: 'txn_1',
  reference: 'AD-20261122-0001',
  date: '2026-11-22T09:30:00.000Z',
  transactionType: 'purchase',
  direction: 'debit',
  status: 'success',
  title: 'MTN Airtime VTU',
  description: 'MTN Airtime for 08031234567',
  service: 'airtime',
  productName: 'MTN Airtime ₦500.00',
  recipient: '08031234567',
  phone: '08031234567',
  quantity: 1,
  amount: '490.00',
  faceValue: '500.00',
  fee: null,
  requestId: 'req-00000001',
  token: null,
  units: null,
  customerName: null,
  customerAddress: null,
  cards: [],
  pin: null,
};

const ELECTRICITY: TReceipt = {
  ...BASE,
  title: 'Ikeja Electric Payment - IKEDC',
  description: 'Ikeja Electric prepaid for 1111111111111',
  service: 'electricity',
  productName: 'Ikeja Electric prepaid',
  recipient: '1111111111111',
  phone: '08031234567',
  amount: '4975.00',
  faceValue: '5000.00',
  token: '12345678901234567890',
  units: '79.6 kWh',
  customerName: 'ZAINAB NWOSU',
  customerAddress: '24 Adeola Odeku Street, Victoria Island, Lagos',
};

const CABLE: TReceipt = {
  ...BASE,
  title: 'DStv Subscription',
  service: 'cable',
  productName: 'DStv Compact',
  recipient: '1212121212',
  phone: '08031234567',
  amount: '12300.00',
  faceValue: '12500.00',
  customerName: 'EMEKA OBI',
};

const EXAM: TReceipt = {
  ...BASE,
  title: 'WAEC Result Checker PIN',
  service: 'result-checker',
  productName: 'WAEC Result Checker PIN',
  recipient: '08031234567',
  phone: '08031234567',
  quantity: 2,
  amount: '6800.00',
  faceValue: '7000.00',
  cards: [
    { serial: 'WRN001', pin: '111122223333' },
    { serial: 'WRN002', pin: '444455556666' },
  ],
};

const JAMB: TReceipt = {
  ...BASE,
  title: 'JAMB UTME PIN (ADA OKAFOR)',
  service: 'result-checker',
  productName: 'JAMB UTME PIN (ADA OKAFOR)',
  recipient: '0123456789',
  phone: '08031234567',
  amount: '7623.00',
  faceValue: '7700.00',
  pin: '3678251321392432',
};

const DATA: TReceipt = {
  ...BASE,
  title: 'MTN Data',
  service: 'data',
  productName: 'MTN 1GB · 1 day',
  recipient: '08051234567',
  phone: '08051234567',
  amount: '290.00',
  faceValue: '300.00',
};

const FUNDING: TReceipt = {
  ...BASE,
  transactionType: 'funding',
  direction: 'credit',
  title: 'Wallet funding',
  description: 'Bank transfer REF-1',
  service: null,
  productName: null,
  recipient: null,
  phone: null,
  quantity: null,
  amount: '49950.00',
  faceValue: null,
  fee: '50.00',
  requestId: null,
};

function setup(receipt: TReceipt | (() => Response)) {
  storeSession();
  const api = mockApi({
    'GET /api/v1/agent/transactions/txn_1/receipt':
      typeof receipt === 'function' ? receipt : () => json(200, { message: 'OK', data: receipt }),
  });
  renderRoutes(
    [{ path: '/user/transactions/:id/receipt', element: <ReceiptRoute /> }],
    '/user/transactions/txn_1/receipt',
  );
  return api;
}

async function receiptCard() {
  return screen.findByRole('article');
}

/** The value next to a label of the receipt's list. */
function value(card: HTMLElement, label: string) {
  const term = within(card)
    .getAllByText(label)
    .find((node) => node.tagName === 'DT');
  return term?.nextElementSibling?.textContent;
}

describe('the receipt page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    domToBlob.mockReset();
  });

  it('airtime: brand, heading, face value (never the agent’s price), date, reference, recipient and status', async () => {
    setup(BASE);
    const card = await receiptCard();
    expect(within(card).getByTestId('receipt-brand').textContent).toBe('QuickTopUp');
    expect(within(card).getByRole('heading', { name: 'Payment receipt' })).toBeTruthy();
    expect(value(card, 'Reference')).toBe('AD-20261122-0001');
    expect(value(card, 'Date')).toBe('22 Nov 2026, 10:30');
    expect(value(card, 'Service')).toBe('Airtime');
    expect(value(card, 'Phone number')).toBe('08031234567');
    expect(value(card, 'Amount')).toBe('₦500.00');
    expect(value(card, 'Status')).toBe('Successful');
    // The customer phone equals the recipient: said once.
    expect(within(card).queryByText('Customer phone')).toBeNull();
    expect(card.textContent).not.toContain('490.00');
    expect(within(card).queryByTestId('receipt-token')).toBeNull();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('data: the plan and the phone', async () => {
    setup(DATA);
    const card = await receiptCard();
    expect(value(card, 'Service')).toBe('Data');
    expect(value(card, 'Product')).toBe('MTN 1GB · 1 day');
    expect(value(card, 'Phone number')).toBe('08051234567');
    expect(value(card, 'Amount')).toBe('₦300.00');
  });

  it('electricity: the token large in groups of four, its units, the meter and the customer with the address', async () => {
    setup(ELECTRICITY);
    const card = await receiptCard();
    expect(within(card).getByTestId('receipt-token').textContent).toBe('1234 5678 9012 3456 7890');
    expect(within(card).getByText('Units: 79.6 kWh')).toBeTruthy();
    expect(value(card, 'Meter number')).toBe('1111111111111');
    expect(value(card, 'Customer')).toBe('ZAINAB NWOSU');
    expect(value(card, 'Address')).toBe('24 Adeola Odeku Street, Victoria Island, Lagos');
    expect(value(card, 'Amount')).toBe('₦5,000.00');
    // Units stand by the token, not again in the list.
    expect(within(card).queryByText('Units', { selector: 'dt' })).toBeNull();
  });

  it('cable: the smartcard, the bouquet, the customer name and the customer phone', async () => {
    setup({ ...CABLE, phone: '08099999999' });
    const card = await receiptCard();
    expect(value(card, 'Service')).toBe('Cable TV');
    expect(value(card, 'Product')).toBe('DStv Compact');
    expect(value(card, 'Smartcard number')).toBe('1212121212');
    expect(value(card, 'Customer')).toBe('EMEKA OBI');
    expect(value(card, 'Customer phone')).toBe('08099999999');
  });

  it('exam PINs: every serial and PIN in a table, and the quantity', async () => {
    setup(EXAM);
    const card = await receiptCard();
    const table = within(card).getByRole('table', { name: '2 PINs' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['SerialPIN', 'WRN001111122223333', 'WRN002444455556666']);
    expect(value(card, 'Quantity')).toBe('2');
    expect(value(card, 'Service')).toBe('Exam PIN');
  });

  it('a JAMB PIN: the PIN large, the candidate’s profile ID and the customer phone', async () => {
    setup(JAMB);
    const card = await receiptCard();
    expect(within(card).getByTestId('receipt-pin').textContent).toBe('3678251321392432');
    expect(value(card, 'Profile ID')).toBe('0123456789');
    expect(value(card, 'Customer phone')).toBe('08031234567');
    expect(value(card, 'Product')).toBe('JAMB UTME PIN (ADA OKAFOR)');
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('a funding: the amount credited and the charge, with its own heading', async () => {
    setup(FUNDING);
    const card = await receiptCard();
    expect(within(card).getByRole('heading', { name: 'Wallet funding receipt' })).toBeTruthy();
    expect(value(card, 'Amount')).toBe('₦49,950.00');
    expect(value(card, 'Charge')).toBe('₦50.00');
    expect(within(card).queryByText('Service')).toBeNull();
  });

  it('a pending purchase says so; a failed one says Failed', async () => {
    setup({ ...ELECTRICITY, status: 'pending', token: null, units: null });
    expect(await screen.findByText(/still being confirmed/)).toBeTruthy();
    expect(value(await receiptCard(), 'Status')).toBe('Pending');
  });

  it('prints with the browser', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    setup(BASE);
    await receiptCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('downloads the receipt as a PNG named after its reference', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    domToBlob.mockResolvedValue(png);
    // jsdom has no object URLs: lend it the two functions for this test.
    const createObjectURL = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    setup(ELECTRICITY);
    const card = await receiptCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download image' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    // The image is of the receipt alone, at twice its size, on white.
    expect(domToBlob).toHaveBeenCalledWith(card, expect.objectContaining({ type: 'image/png', scale: 2 }));
    expect(createObjectURL).toHaveBeenCalledWith(png);
    expect(clicks[0]).toEqual({ download: 'receipt-AD-20261122-0001.png', href: 'blob:receipt' });
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('says so when the image cannot be made', async () => {
    domToBlob.mockRejectedValue(new Error('canvas tainted'));
    setup(BASE);
    await receiptCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download image' }));
    expect(await screen.findByText('Could not make the receipt image. Print it instead, or try again.')).toBeTruthy();
  });

  it('another agent’s transaction or an unknown id: not found', async () => {
    setup(() => json(404, { message: 'Transaction not found', code: 'NOT_FOUND' }));
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeTruthy();
  });
});
