import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApiService } from '@agentdesk/contract/api/api-services';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { ApiServicesTable } from './api-services-table';

const SERVICES: TApiService[] = [
  {
    category: 'airtime',
    purchaseService: 'airtime',
    id: 'mtn',
    name: 'MTN Airtime VTU',
    image: null,
    productType: 'flexible',
    minAmount: '50.00',
    maxAmount: '50000.00',
    discountPercent: '3.00',
    variations: [],
  },
  {
    category: 'data',
    purchaseService: 'data',
    id: 'mtn-data',
    name: 'MTN Data',
    image: null,
    productType: 'fix',
    minAmount: null,
    maxAmount: null,
    discountPercent: '0.00',
    variations: [
      { code: 'mtn-1gb', name: 'MTN 1GB (30 days)', faceValue: '1000.00', price: '970.00' },
      { code: 'mtn-2gb', name: 'MTN 2GB (30 days)', faceValue: '2000.00', price: '1940.00' },
    ],
  },
  {
    category: 'cable',
    purchaseService: 'cable',
    id: 'dstv',
    name: 'DStv Subscription',
    image: null,
    productType: 'fix',
    minAmount: null,
    maxAmount: null,
    discountPercent: '0.00',
    variations: [{ code: 'dstv-padi', name: 'DStv Padi', faceValue: '2950.00', price: '2920.50' }],
  },
];

const PATH = 'GET /api/v1/agent/api/services';

function renderTable() {
  storeSession('live-token');
  renderRoutes([{ path: '/', element: <ApiServicesTable /> }]);
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Your API services and prices' }))
    .getAllByRole('row')
    .slice(1);

describe('the API services table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each plan with its code, face value and the agent’s price, and any-amount services with their discount', async () => {
    const { requests } = mockApi({ [PATH]: () => json(200, { message: 'OK', data: SERVICES }) });
    renderTable();
    expect(screen.getByRole('status').textContent).toContain('Loading your services and prices…');
    await screen.findByRole('table', { name: 'Your API services and prices' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer live-token');
    const rows = bodyRows();
    expect(rows).toHaveLength(4);
    expect(rows[0]?.textContent).toContain('MTN Airtime VTU');
    expect(rows[0]?.textContent).toContain('service: airtime · mtn');
    expect(rows[0]?.textContent).toContain('₦50.00 – ₦50,000.00');
    expect(rows[0]?.textContent).toContain('3.00% off the amount');
    expect(rows[1]?.textContent).toContain('MTN 1GB (30 days)');
    expect(rows[1]?.textContent).toContain('code: mtn-1gb');
    expect(rows[1]?.textContent).toContain('₦1,000.00');
    expect(rows[1]?.textContent).toContain('₦970.00');
    expect(rows[3]?.textContent).toContain('₦2,920.50');
    screen.getByText('4 plans');
  });

  it('searches service, plan and code by every word typed', async () => {
    mockApi({ [PATH]: () => json(200, { message: 'OK', data: SERVICES }) });
    renderTable();
    const search = await screen.findByLabelText('Search services');
    await userEvent.type(search, 'mtn 2gb');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('code: mtn-2gb');
    screen.getByText('1 of 4 plans');

    await userEvent.clear(search);
    await userEvent.type(search, 'DSTV-PADI');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.textContent).toContain('DStv Padi');

    await userEvent.clear(search);
    await userEvent.type(search, 'spectranet');
    await screen.findByText('No service or plan matches “spectranet”.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when no service is enabled', async () => {
    mockApi({ [PATH]: () => json(200, { message: 'OK', data: [] }) });
    renderTable();
    await screen.findByText(/No services are available to you yet/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again after an error, and shows the table once it loads', async () => {
    let calls = 0;
    mockApi({
      [PATH]: () =>
        ++calls === 1 ? json(500, { message: 'Boom', code: 'INTERNAL' }) : json(200, { message: 'OK', data: SERVICES }),
    });
    renderTable();
    await screen.findByText('Your services and prices could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Your API services and prices' });
    expect(calls).toBe(2);
  });
});
