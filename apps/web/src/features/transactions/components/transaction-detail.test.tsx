import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TTransaction } from '@agentdesk/contract/transactions/transaction';
import { renderRoutes } from '../../../test/render';
import { TransactionDetail } from './transaction-detail';

const ELECTRICITY: TTransaction = {
  id: 'a1',
  ref: 'AD-20261122-0001',
  name: 'Ikeja Electric prepaid',
  description: 'Meter 45012345678',
  imageUrl: null,
  amount: '5000.00',
  direction: 'debit',
  transactionType: 'purchase',
  status: 'success',
  service: 'ikeja-electric',
  recipient: '45012345678',
  createdAt: '2026-11-22T09:30:00.000Z',
  updatedAt: '2026-11-22T09:30:00.000Z',
  details: {
    balance: { before: '12000.00', after: '7000.00' },
    token: '1234-5678-9012-3456-7890',
    units: '79.6 kWh',
    customerName: 'Bola Ade',
    customerAddress: '3 Allen Avenue, Ikeja',
    cards: [
      { serial: 'SN001', pin: '111122223333' },
      { serial: 'SN002', pin: '444455556666' },
    ],
  },
};

function renderDetail(transaction: TTransaction | null, onClose = vi.fn()) {
  renderRoutes([{ path: '/', element: <TransactionDetail transaction={transaction} onClose={onClose} /> }]);
  return onClose;
}

describe('the transaction detail panel', () => {
  it('offers Re-check status on a pending purchase only', () => {
    renderDetail({ ...ELECTRICITY, status: 'pending', details: { ...ELECTRICITY.details, requestId: 'shop-0001' } });
    expect(screen.getByRole('button', { name: 'Re-check status' })).toBeTruthy();
  });

  it('offers no Re-check status on a settled purchase', () => {
    renderDetail({ ...ELECTRICITY, details: { ...ELECTRICITY.details, requestId: 'shop-0001' } });
    expect(screen.queryByRole('button', { name: 'Re-check status' })).toBeNull();
  });

  it('shows every field, the balance before and after, the token and the PINs', () => {
    renderDetail(ELECTRICITY);
    const panel = screen.getByRole('dialog', { name: 'Transaction details' });
    const value = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(within(panel).getByText('−₦5,000.00')).toBeTruthy();
    expect(value('Reference')).toBe('AD-20261122-0001');
    expect(value('Type')).toBe('Purchase');
    expect(value('Recipient')).toBe('45012345678');
    expect(value('Customer name')).toBe('Bola Ade');
    expect(value('Customer address')).toBe('3 Allen Avenue, Ikeja');
    expect(value('Balance before')).toBe('₦12,000.00');
    expect(value('Balance after')).toBe('₦7,000.00');
    expect(value('Token')).toBe('1234-5678-9012-3456-7890');
    expect(value('Units')).toBe('79.6 kWh');
    expect(within(panel).getByText('111122223333')).toBeTruthy();
    expect(within(panel).getByText('Serial SN002')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy PIN 2' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      '/user/transactions/a1/receipt',
    );
  });

  it('copies the reference and the token, and closes via its icon', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const onClose = renderDetail(ELECTRICITY);
    await user.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(writeText).toHaveBeenLastCalledWith('AD-20261122-0001');
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenLastCalledWith('1234-5678-9012-3456-7890');
    expect(await screen.findByRole('button', { name: 'Copy token: copied' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a JAMB PIN (no serial) with its copy button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderDetail({
      ...ELECTRICITY,
      name: 'JAMB UTME PIN (ADA OKAFOR)',
      service: 'jamb',
      recipient: '0123456789',
      details: { balance: { before: '10000.00', after: '2377.00' }, cards: [], pin: '3678251321392432' },
    });
    const panel = screen.getByRole('dialog', { name: 'Transaction details' });
    expect(within(panel).getByText('PIN').nextElementSibling?.textContent).toBe('3678251321392432');
    expect(within(panel).queryByText('PINs')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Copy PIN' }));
    expect(writeText).toHaveBeenLastCalledWith('3678251321392432');
  });

  it('shows nothing while no row is selected', () => {
    renderDetail(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
