import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { json, mockApi, storeSession } from '../../test/render';
import { prefetchWalletBalance } from '../wallet/wallet-balance-api';
import { EARLY_ANSWER_KEY, earlyAnswerKey, earlyDataSettled, takeEarlyAnswer } from './early-answer';

const BALANCE_PATH = '/api/v1/agent/wallet/balance';
const BALANCE = { message: 'OK', data: { availableBalance: '58512.00' } };

function earlyAnswers(answers: Record<string, Promise<unknown>>) {
  window[EARLY_ANSWER_KEY] = { answers, drawn: Promise.resolve() };
}

describe('the answers the prerendered page asked for early', () => {
  afterEach(() => {
    delete window[EARLY_ANSWER_KEY];
    vi.unstubAllGlobals();
  });

  it('keys a request by its path and its query as fetchBaseQuery writes it', () => {
    expect(earlyAnswerKey('/api/v1/agent/notify', { limit: 10 })).toBe('/api/v1/agent/notify?limit=10');
    expect(earlyAnswerKey('/api/v1/agent/notify', { cursor: undefined, limit: 10 })).toBe(
      '/api/v1/agent/notify?limit=10',
    );
    expect(earlyAnswerKey(BALANCE_PATH)).toBe(BALANCE_PATH);
  });

  it('gives each answer once', async () => {
    earlyAnswers({ [BALANCE_PATH]: Promise.resolve(BALANCE) });
    expect(await takeEarlyAnswer(BALANCE_PATH)).toEqual(BALANCE);
    expect(takeEarlyAnswer(BALANCE_PATH)).toBeUndefined();
    expect(takeEarlyAnswer('/api/v1/agent/notify/unread-count')).toBeUndefined();
  });

  it('is what the app’s request for the same takes, without asking again', async () => {
    storeSession();
    const { requests } = mockApi({});
    earlyAnswers({ [BALANCE_PATH]: Promise.resolve(BALANCE) });
    const store = createAppStore();
    store.dispatch(prefetchWalletBalance());
    await vi.waitFor(() => {
      const entry = Object.values(store.getState().api.queries).find(
        (query) => query?.endpointName === 'walletBalance',
      );
      expect(entry?.data).toEqual(BALANCE);
    });
    expect(requests).toHaveLength(0);
  });

  it('is asked for again when the early request failed, with the session’s token', async () => {
    storeSession('live-token');
    const { requests } = mockApi({ [`GET ${BALANCE_PATH}`]: () => json(200, BALANCE) });
    const failed = Promise.reject(new Error('HTTP 500'));
    failed.catch(() => undefined);
    earlyAnswers({ [BALANCE_PATH]: failed });
    const store = createAppStore();
    store.dispatch(prefetchWalletBalance());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer live-token');
  });

  it('the take-over goes on at once on a page that asked for nothing early', async () => {
    storeSession();
    const settled = vi.fn();
    void earlyDataSettled(createAppStore(), 60_000).then(settled);
    await Promise.resolve();
    expect(settled).toHaveBeenCalled();
  });

  it('the take-over waits until every early answer is taken and its request answered', async () => {
    storeSession();
    mockApi({});
    let answer: (body: unknown) => void = () => undefined;
    earlyAnswers({ [BALANCE_PATH]: new Promise((resolve) => (answer = resolve)) });
    const store = createAppStore();
    const settled = vi.fn();
    const waiting = earlyDataSettled(store, 60_000).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Nobody has taken it yet.
    expect(settled).not.toHaveBeenCalled();
    store.dispatch(prefetchWalletBalance());
    await new Promise((resolve) => setTimeout(resolve, 80));
    // Taken, not yet answered.
    expect(settled).not.toHaveBeenCalled();
    answer(BALANCE);
    await waiting;
    const entry = Object.values(store.getState().api.queries).find((query) => query?.endpointName === 'walletBalance');
    expect(entry?.status).toBe('fulfilled');
  });

  it('the take-over stops waiting after the time it was given', async () => {
    storeSession();
    earlyAnswers({ [BALANCE_PATH]: new Promise(() => undefined) });
    const started = Date.now();
    await earlyDataSettled(createAppStore(), 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
