import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TKycState } from '@agentdesk/contract/funding/kyc';
import { json, mockApi, renderRoutes, storeSession } from '../../../test/render';
import { IdentityCheck } from './self-funding';

const PAYSTACK_STATE: TKycState = {
  status: 'none',
  idType: null,
  maskedId: null,
  firstName: null,
  lastName: null,
  failureMessage: null,
  verifiedAt: null,
  accounts: [],
  fees: [],
  bankAccountRequired: true,
};

describe('the identity check', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it is busy while the banks load: "Your bank" is enabled, its label recoloured, once they are in', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/v1/agent/banks/list': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes([{ path: '/', element: <IdentityCheck state={PAYSTACK_STATE} /> }]);
    const form = await screen.findByRole('form', { name: 'Identity check' });
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>(/Your bank/).disabled).toBe(true);

    answer(
      json(200, {
        message: 'OK',
        data: [{ code: '058', name: 'GTBank', cbnCode: '058', nipCode: null, nubanCode: null }],
        meta: { nextCursor: null },
      }),
    );
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByLabelText<HTMLSelectElement>(/Your bank/).disabled).toBe(false);
  });
});
