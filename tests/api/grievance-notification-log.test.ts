import { describe, expect, it } from 'vitest';
import { ADMIN, USER, baseUrl, bearer, login } from '../support/api';

/** With no email or SMS transport configured (the shared test server), messages to citizens are kept in the outbox admins read. */
describe('the outbox admins read at /notifications', () => {
  it('keeps the message a citizen would have been sent, with its try, for admins only', async () => {
    const form = new FormData();
    const fields = { category: '3', ward: '9', address: 'Gali No. 5, near the water tank', description: 'No water since yesterday morning.', name: 'Log Test', mobile: '9345678901' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const html = await (await fetch(`${baseUrl()}/postgrievance`, { method: 'POST', body: form })).text();
    const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)?.[1];
    expect(number).toBeDefined();

    const admin = bearer(await login(ADMIN.email, ADMIN.password));
    // Kept at once (in the lodging's transaction); marked sent by the worker right after.
    let page = '';
    for (let i = 0; i < 100 && !page.includes(number!); i++) {
      page = await (await fetch(`${baseUrl()}/notifications?status=sent`, { headers: admin })).text();
      if (!page.includes(number!)) await new Promise((r) => setTimeout(r, 50));
    }
    expect(page).toContain('No email or SMS transport is configured');
    expect(page).toContain(`Your grievance ${number} has been registered.`);
    expect(page).toContain('9345678901');
    expect(page).toContain('no transport configured: kept here only');
    expect(page).toMatch(/Sent: <strong data-count="sent">[1-9]\d*<\/strong>/);
    const waiting = await (await fetch(`${baseUrl()}/notifications?status=waiting`, { headers: admin })).text();
    expect(waiting).not.toContain(number!);

    const desk = await fetch(`${baseUrl()}/notifications`, { headers: bearer(await login(USER.email, USER.password)), redirect: 'manual' });
    expect(desk.status).toBe(302);
  });
});
