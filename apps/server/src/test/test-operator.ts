import type { OperatorRole } from '@agentdesk/contract/endpoint';
import { pino } from 'pino';
import { DEMO_OPERATOR, seedDemoAccounts } from '../seed/demo-accounts.js';
import type { TestApp } from './test-app.js';
import { waitForMail } from './test-mail.js';

/** Seeds the demo operator (an owner) and answers its token. */
export async function operatorToken(t: TestApp): Promise<string> {
  await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  const login = await t.request('POST', '/api/v1/admin/auth/login', {
    body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
  });
  return login.body.data.authorization.token as string;
}

let invited = 0;

/** A valid invitation body, unique per call. */
export function newOperatorBody(role: OperatorRole) {
  invited++;
  const n = `${process.pid % 1000}${invited}`.padStart(8, '0').slice(-8);
  return {
    firstName: 'Sade',
    lastName: 'Staff',
    username: `staff_${n}`,
    email: `staff${n}@provider.example`,
    phone: `081${n}`,
    role,
  };
}

/** The one-time token in the last invitation emailed to `email` (the development outbox keeps its text). */
export async function inviteTokenFor(t: TestApp, email: string): Promise<string> {
  await waitForMail(t.db, email);
  const [mail] = await t.db.query<{ body_text: string }>(
    'SELECT body_text FROM email_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  const token = /admin\/accept-invite#token=([\w-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in the email to ${email}`);
  return token;
}

/**
 * An operator with `role`, made as a provider makes one: an owner invites them over HTTP, they
 * set their password with the emailed link and sign in. Answers their id, sign-in and token.
 */
export async function operatorWithRole(t: TestApp, ownerToken: string, role: OperatorRole) {
  const body = newOperatorBody(role);
  const invitedAnswer = await t.request('POST', '/api/v1/admin/operators', { token: ownerToken, body });
  if (invitedAnswer.status !== 201) {
    throw new Error(`invite failed: ${invitedAnswer.status} ${JSON.stringify(invitedAnswer.body)}`);
  }
  const password = `${role} password 2026`;
  const accepted = await t.request('POST', '/api/v1/admin/auth/accept-invite', {
    body: { token: await inviteTokenFor(t, body.email), newPassword: password },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.body.message}`);
  const login = await t.request('POST', '/api/v1/admin/auth/login', {
    body: { identifier: body.username, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.message}`);
  return {
    id: invitedAnswer.body.data.id as string,
    username: body.username,
    email: body.email,
    password,
    token: login.body.data.authorization.token as string,
  };
}
