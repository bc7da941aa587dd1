import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerAgent } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { browserAvailable, launchChromium, openPage, PHONE } from './support/chromium';
import { signInOperator } from './support/operator';
import { startServer, SUPPORT_WHATSAPP, type RunningServer } from './support/server';
import { signIn } from './support/ui';

describe.skipIf(!browserAvailable)('the support page in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ SUPPORT_WHATSAPP });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the contact details the operator set, the chat and the common questions', async () => {
    const operator = await signInOperator(server.url);
    const { status } = await operator.call('PATCH', '/api/v1/admin/settings/contact', {
      phone: '08031234567',
      email: 'help@agentdesk.example',
      whatsapp: '08099998888',
      address: '12 Allen Avenue, Ikeja, Lagos',
      hours: 'Mon–Sat, 8am–8pm',
    });
    expect(status).toBe(200);

    const agent = await registerAgent(server.url);
    const { context, page, errors } = await openPage(browser, server.url, PHONE);
    await signIn(page, agent.username, agent.password);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    const main = page.getByRole('main');

    const phone = main.getByRole('link', { name: '08031234567' });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await main.getByRole('link', { name: 'help@agentdesk.example' }).getAttribute('href')).toBe(
      'mailto:help@agentdesk.example',
    );
    expect(await main.getByRole('link', { name: '+2348099998888' }).getAttribute('href')).toBe(
      'https://wa.me/2348099998888',
    );
    await main.getByText('12 Allen Avenue, Ikeja, Lagos').waitFor();
    await main.getByText('Mon–Sat, 8am–8pm').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The questions open from the keyboard.
    const question = main.getByText('How long does approval take?');
    await question.focus();
    await page.keyboard.press('Enter');
    await main.getByText(/checks each reported transfer/).waitFor();

    // No internet here: answer wa.me locally so the new window has a page to show.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'chat' }));
    const [chat] = await Promise.all([
      context.waitForEvent('page'),
      main.getByRole('button', { name: 'Chat with support' }).click(),
    ]);
    await chat.waitForLoadState();
    expect(chat.url()).toBe(`https://wa.me/${SUPPORT_WHATSAPP}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
