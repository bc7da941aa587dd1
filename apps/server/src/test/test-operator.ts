import { pino } from 'pino';
import { DEMO_OPERATOR, seedDemoAccounts } from '../seed/demo-accounts.js';
import type { TestApp } from './test-app.js';

/** Seeds the demo operator and answers its token. */
export async function operatorToken(t: TestApp): Promise<string> {
  await seedDemoAccounts(t.db, pino({ level: 'silent' }));
  const login = await t.request('POST', '/api/v1/admin/auth/login', {
    body: { identifier: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password },
  });
  return login.body.data.authorization.token as string;
}
