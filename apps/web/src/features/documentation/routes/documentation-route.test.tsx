import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@agentdesk/contract/error-codes';
import type { OpenApiDocument } from '../api/get-openapi-document';
import { stubClipboard } from '../../../test/clipboard';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { DocumentationRoute } from './documentation-route';

// The renderer has its own test (api-reference.test.tsx); here a stand-in shows what it was given.
vi.mock('../components/api-reference', () => ({
  default: ({ document }: { document: OpenApiDocument }) => (
    <ol aria-label="Rendered tags">
      {document.tags?.map((tag) => (
        <li key={tag.name}>{tag.name}</li>
      ))}
    </ol>
  ),
}));

const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'AgentDesk API', version: '0.1.0' },
  paths: {
    '/api/v1/agent/wallet/balance': { get: { tags: ['Wallet'] } },
    '/api/v1/reseller/balance': { get: { tags: ['Reseller API'] } },
    '/api/v1/reseller/purchases': { post: { tags: ['Reseller API'] } },
  },
};

function renderPage(path = '/documentation') {
  storeSession('live-token');
  return renderRoutes([{ path: '/documentation', element: <DocumentationRoute /> }], path);
}

const sample = (title: string) => screen.getByText(title, { selector: 'figcaption' }).closest('figure') as HTMLElement;
const codeOf = (title: string) => within(sample(title)).getByRole('tabpanel').querySelector('pre')?.textContent ?? '';

describe('the documentation page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows every guide, with anchors, and samples that call this server', () => {
    mockApi({});
    renderPage();
    screen.getByRole('heading', { name: 'Documentation', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Guides' });
    for (const [title, id] of [
      ['Authentication', 'authentication'],
      ['Idempotency', 'idempotency'],
      ['Sandbox', 'sandbox'],
      ['Error codes', 'errors'],
      ['Rate limits', 'rate-limits'],
      ['Webhooks', 'webhooks'],
    ] as const) {
      expect(within(nav).getByRole('link', { name: title }).getAttribute('href')).toBe(`/documentation#${id}`);
      expect(document.getElementById(id)?.tagName).toBe('SECTION');
    }
    expect(codeOf('Get your wallet balance')).toContain(`curl -s "${window.location.origin}/api/v1/reseller/balance"`);
    expect(codeOf('Buy airtime')).toContain('"requestId":"order-1001"');
    const guides = (id: string) => within(document.getElementById(id)!);
    expect(guides('authentication').getByRole('link', { name: 'API Keys' }).getAttribute('href')).toBe(
      '/developer/api-keys',
    );
    expect(guides('webhooks').getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/developer/webhooks');
  });

  it('switches every sample to the chosen language and remembers it', async () => {
    mockApi({});
    const { unmount } = renderPage();
    expect(codeOf('Verify a webhook signature')).toContain('openssl dgst');
    await userEvent.click(within(sample('Buy airtime')).getByRole('tab', { name: 'PHP' }));
    expect(within(sample('Buy airtime')).getByRole('tab', { name: 'PHP' }).getAttribute('aria-selected')).toBe('true');
    expect(codeOf('Buy airtime')).toContain('curl_setopt_array($ch, [');
    expect(codeOf('Get your wallet balance')).toContain('<?php');
    expect(codeOf('Verify a webhook signature')).toContain('function verify_webhook(string $rawBody');
    await userEvent.click(within(sample('Check a purchase’s status')).getByRole('tab', { name: 'JavaScript' }));
    expect(codeOf('Verify a webhook signature')).toContain('export function verifyWebhook(');
    unmount();

    renderPage();
    expect(codeOf('Get your wallet balance')).toContain('await fetch(');
  });

  it('copies a sample exactly as shown', async () => {
    mockApi({});
    const writeText = stubClipboard();
    renderPage();
    await userEvent.click(within(sample('Get your wallet balance')).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(codeOf('Get your wallet balance'));
  });

  it('tabulates every error code of the contract with its status', () => {
    mockApi({});
    renderPage();
    const rows = within(screen.getByRole('table', { name: 'Error codes' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.querySelector('code')?.textContent)).toEqual([...ERROR_CODES]);
    const rateLimited = rows.find((row) => row.textContent?.startsWith('RATE_LIMITED'));
    expect(rateLimited?.textContent).toContain('429');
  });

  it('shows the agent’s services and the API reference on their tabs, fetching each only when opened', async () => {
    const { requests } = mockApi({
      'GET /api/v1/agent/api/services': () => json(200, { message: 'OK', data: [] }),
      'GET /api/v1/openapi.json': () => json(200, OPENAPI),
    });
    const { router } = renderPage();
    expect(requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('tab', { name: 'Your prices' }));
    await screen.findByText(/No services are available to you yet/);
    expect(router.state.location.search).toBe('?tab=services');

    await userEvent.click(screen.getByRole('tab', { name: 'API reference' }));
    const tags = await screen.findByRole('list', { name: 'Rendered tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Reseller API', 'Wallet']);
    screen.getByText('2 reseller operations');
    expect(screen.getByRole('link', { name: `${window.location.origin}/api/v1/openapi.json` })).toBeTruthy();
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/v1/agent/api/services',
      '/api/v1/openapi.json',
    ]);
  });

  it('says so when the OpenAPI document cannot be loaded', async () => {
    mockApi({ 'GET /api/v1/openapi.json': () => json(500, { message: 'Boom', code: 'INTERNAL' }) });
    renderPage('/documentation?tab=reference');
    await screen.findByText(/The API reference could not be loaded/);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
