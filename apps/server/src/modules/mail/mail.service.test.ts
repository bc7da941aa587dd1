import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent, startTestApp, type TestApp } from '../../test/test-app.js';

describe('mail through SMTP', () => {
  let t: TestApp;
  const sent: Array<{ to: string; text: string }> = [];
  let failNext = 0;

  beforeAll(async () => {
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    // A transport that records what it sends and can be told to fail.
    const transport = {
      sendMail: async (message: { to: string; text: string }) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('SMTP 421 try later');
        }
        sent.push({ to: message.to, text: message.text });
        return stream.sendMail(message);
      },
    };
    t = await startTestApp({ env: { AUTH_IP_LIMIT_PER_MINUTE: '1000' }, mailTransport: transport as never });
  });
  afterAll(() => t.close());

  async function waitFor(check: () => Promise<boolean>) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('timed out');
  }

  it('delivers the reset code and erases the text it kept', async () => {
    const { body } = await registerAgent(t);
    await t.request('POST', '/api/v1/agent/auth/reset-password', { body: { identifier: body.email } });
    await waitFor(async () => sent.some((mail) => mail.to === body.email));
    expect(sent.find((mail) => mail.to === body.email)!.text).toMatch(/\b\d{6}\b/);
    await waitFor(async () => {
      const [row] = await t.db.query<{ status: string; body_text: string | null }>(
        'SELECT status, body_text FROM email_outbox WHERE to_address = $1',
        [body.email],
      );
      return row?.status === 'sent' && row.body_text === null;
    });
  });

  it('keeps a failed email pending and delivers it on the next flush', async () => {
    const { body } = await registerAgent(t);
    failNext = 1;
    await t.request('POST', '/api/v1/agent/auth/reset-password', { body: { identifier: body.email } });
    await waitFor(async () => {
      const [row] = await t.db.query<{ attempts: number }>('SELECT attempts FROM email_outbox WHERE to_address = $1', [
        body.email,
      ]);
      return row?.attempts === 1;
    });
    const [pending] = await t.db.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM email_outbox WHERE to_address = $1',
      [body.email],
    );
    expect(pending).toMatchObject({ status: 'pending', last_error: 'SMTP 421 try later' });
    // Any later email triggers a flush that retries it.
    const other = await registerAgent(t);
    await t.request('POST', '/api/v1/agent/auth/reset-password', { body: { identifier: other.body.email } });
    await waitFor(async () => sent.some((mail) => mail.to === body.email));
  });
});
