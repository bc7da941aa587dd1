import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../api/get-openapi-document';
import ApiReference from './api-reference';

const ERROR = {
  description: 'An error',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { message: { type: 'string' }, code: { type: 'string', enum: ['NOT_FOUND', 'CONFLICT'] } },
        required: ['message', 'code'],
      },
    },
  },
};

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'AgentDesk API', version: '0.1.0', description: 'Answers are `{ message, data }`.' },
  servers: [{ url: 'https://agents.example.com' }],
  tags: [{ name: 'Reseller API' }, { name: 'Wallet' }],
  paths: {
    '/api/v1/reseller/purchases/{requestId}': {
      get: {
        tags: ['Reseller API'],
        summary: 'A purchase by its requestId',
        security: [{ apiKey: [] }],
        parameters: [
          {
            name: 'requestId',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
            example: 'order-1001',
          },
        ],
        responses: {
          '200': {
            description: 'The purchase',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: {
                      anyOf: [
                        {
                          type: 'object',
                          properties: { settledAt: { type: ['string', 'null'], description: 'When it settled' } },
                        },
                        { type: 'null' },
                      ],
                    },
                  },
                },
              },
            },
          },
          '4XX': ERROR,
        },
      },
    },
    '/api/v1/reseller/purchases': {
      post: {
        tags: ['Reseller API'],
        summary: 'Buy a service',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  {
                    type: 'object',
                    properties: {
                      service: { type: 'string', enum: ['airtime'] },
                      amount: { type: ['string', 'number'] },
                    },
                    required: ['service', 'amount'],
                  },
                  {
                    type: 'object',
                    properties: { service: { type: 'string', enum: ['data'] }, planCode: { type: 'string' } },
                    required: ['service', 'planCode'],
                  },
                ],
              },
              examples: { airtime: { summary: 'Airtime', value: { service: 'airtime', amount: '500' } } },
            },
          },
        },
        responses: { '201': { description: 'Bought' }, '4XX': ERROR },
      },
    },
    '/api/v1/agent/wallet/balance': {
      get: { tags: ['Wallet'], summary: 'The wallet balance', responses: { '200': { description: 'OK' } } },
    },
  },
  components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key' } } },
};

const operation = (name: RegExp) => screen.getByRole('button', { name });

describe('the API reference', () => {
  it('lists every operation under its tag, folded, with the document’s title, description and server', () => {
    render(<ApiReference document={DOCUMENT} />);
    screen.getByRole('heading', { name: 'AgentDesk API version 0.1.0', level: 2 });
    expect(screen.getByText('{ message, data }').tagName).toBe('CODE');
    screen.getByText('https://agents.example.com');
    const reseller = screen.getByRole('region', { name: 'Reseller API' });
    expect(
      within(reseller)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'GET /api/v1/reseller/purchases/{requestId} A purchase by its requestId',
      'POST /api/v1/reseller/purchases Buy a service',
    ]);
    expect(within(screen.getByRole('region', { name: 'Wallet' })).getAllByRole('button')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Reseller API',
      'Wallet',
    ]);
    expect(operation(/^GET \/api\/v1\/reseller\/purchases\/\{requestId\}/).getAttribute('aria-expanded')).toBe('false');
    screen.getByText('3 operations');
  });

  it('opens an operation on its authentication, parameters and responses with their schemas', async () => {
    render(<ApiReference document={DOCUMENT} />);
    await userEvent.click(operation(/^GET \/api\/v1\/reseller\/purchases\/\{requestId\}/));
    const details = screen.getByRole('region', { name: /^GET \/api\/v1\/reseller\/purchases\/\{requestId\}/ });
    expect(details.textContent).toContain('Authentication: apiKey (An API key)');
    within(details).getByRole('heading', { name: 'Parameters', level: 5 });
    const parameter = within(details).getByText('requestId', { selector: 'code' }).closest('li')!;
    expect(parameter.textContent).toContain('string · in path');
    expect(parameter.textContent).toContain('required');
    expect(parameter.textContent).toContain('pattern: ^[A-Za-z0-9_-]{8,64}$ · example: "order-1001"');

    within(details).getByRole('heading', { name: 'Responses', level: 5 });
    within(details).getByRole('heading', { name: '200 · The purchase', level: 6 });
    within(details).getByRole('heading', { name: 'Any 4XX status · An error', level: 6 });
    // A nullable object still shows its fields.
    const data = within(details).getByText('data', { selector: 'code' }).closest('li')!;
    expect(data.textContent).toContain('object or null');
    const settledAt = within(data).getByText('settledAt', { selector: 'code' }).closest('li')!;
    expect(settledAt.textContent).toContain('string or null');
    expect(settledAt.textContent).toContain('When it settled');
    const code = within(details).getByText('code', { selector: 'code' }).closest('li')!;
    expect(code.textContent).toContain('one of: "NOT_FOUND", "CONFLICT"');
  });

  it('shows a request body’s shapes and its examples in blocks that scroll with the keyboard', async () => {
    render(<ApiReference document={DOCUMENT} />);
    await userEvent.click(operation(/^POST \/api\/v1\/reseller\/purchases /));
    const details = screen.getByRole('region', { name: /^POST \/api\/v1\/reseller\/purchases / });
    within(details).getByRole('heading', { name: 'Request body (required)', level: 5 });
    expect(details.textContent).toContain('Schema: one of 2 shapes');
    within(details).getByText('Shape 1: service: "airtime"');
    within(details).getByText('Shape 2: service: "data"');
    expect(within(details).getByText('amount', { selector: 'code' }).closest('li')?.textContent).toContain(
      'string or number',
    );
    const example = within(details).getByRole('region', { name: 'POST /api/v1/reseller/purchases, request: Airtime' });
    expect(example.tagName).toBe('PRE');
    expect(example.getAttribute('tabindex')).toBe('0');
    expect(JSON.parse(example.textContent ?? '')).toEqual({ service: 'airtime', amount: '500' });
    expect(within(details).getByRole('heading', { name: 'Parameters' }).parentElement?.textContent).toBe(
      'ParametersNone.',
    );
  });

  it('filters operations on every word typed', async () => {
    render(<ApiReference document={DOCUMENT} />);
    await userEvent.type(screen.getByLabelText('Filter operations'), 'wallet get');
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(1));
    screen.getByText('1 of 3 operations');
    expect(screen.queryByRole('region', { name: 'Reseller API' })).toBeNull();

    await userEvent.clear(screen.getByLabelText('Filter operations'));
    await userEvent.type(screen.getByLabelText('Filter operations'), 'refund');
    await screen.findByText('No operation matches “refund”.');
  });
});
