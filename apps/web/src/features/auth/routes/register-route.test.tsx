import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderRoutes, TEST_USER } from '../../../test/render';
import { AppAuthFlow } from '../../../app/app-auth-flow';
import { RegisterRoute } from './register-route';

function renderRegister(path: string) {
  return renderRoutes(
    [
      {
        path: '/register',
        element: (
          <AppAuthFlow>
            <RegisterRoute />
          </AppAuthFlow>
        ),
      },
      { path: '/', element: <h1>Home</h1> },
    ],
    path,
  );
}

async function fillForm() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First name'), 'Bola');
  await user.type(screen.getByLabelText('Last name'), 'Ade');
  await user.type(screen.getByLabelText('Username'), 'bola_ade');
  await user.type(screen.getByLabelText('Email address'), 'bola@example.com');
  await user.type(screen.getByLabelText('Phone number'), '08031234567');
  await user.type(screen.getByLabelText('Password'), 'FirstPass#2026');
  await user.type(screen.getByLabelText('Confirm password'), 'FirstPass#2026');
  return user;
}

const created = () =>
  json(201, {
    message: 'Welcome, Bola',
    data: { user: TEST_USER, authorization: { token: 'new-token', type: 'Bearer', expiresAt: '2030-01-01' } },
  });

describe('the register screen and referral links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the referral code from ?ref= and sends it as referralCode', async () => {
    const { requests } = mockApi({ 'POST /api/v1/agent/auth/register': created });
    renderRegister('/register?ref=ADA12345');
    const code = screen.getByLabelText<HTMLInputElement>('Referral code (optional)');
    expect(code.value).toBe('ADA12345');
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome, Bola')).toBeTruthy();
    expect(await requests[0]?.json()).toMatchObject({ username: 'bola_ade', referralCode: 'ADA12345' });
  });

  it('leaves the field empty without ?ref= and sends no code', async () => {
    const { requests } = mockApi({ 'POST /api/v1/agent/auth/register': created });
    renderRegister('/register');
    expect(screen.getByLabelText<HTMLInputElement>('Referral code (optional)').value).toBe('');
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome, Bola')).toBeTruthy();
    const body = (await requests[0]?.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('referralCode');
  });

  it('shows the server’s message under the field for an unknown code', async () => {
    mockApi({
      'POST /api/v1/agent/auth/register': () =>
        json(422, {
          message: 'referralCode: No agent has this referral code',
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'referralCode', message: 'No agent has this referral code' }],
        }),
    });
    renderRegister('/register?ref=NOSUCH99');
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    // Under the field, and in the toast without the technical "referralCode: " in front.
    expect(await screen.findAllByText('No agent has this referral code')).not.toHaveLength(0);
    expect(screen.queryByText(/referralCode:/)).toBeNull();
    expect(screen.getByLabelText('Referral code (optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
