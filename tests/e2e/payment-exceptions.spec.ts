import { expect, test, type APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN, e2eDatabasePath, openSession } from './admin-support';

/**
 * An admin refunds a payment that was paid twice. The citizen's first try failed at the gateway, a second try
 * paid the bill, and then the first order was captured on a retry at the gateway: the dashboard says a payment
 * waits, the admin opens Payment Exceptions, finds the payment by its bill and order, asks to refund it,
 * confirms, and sees it refunded.
 */
type Next = { url: string; fields: Record<string, string> };

const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));

async function start(request: APIRequestContext, p: { number: string; mobile: string }) {
  const res = await request.post('/api/Public/payments', { data: { kind: 'property-tax', reference: p.number, mobile: p.mobile } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { transactionId: string; amountPaise: number; next: Next };
}

/** At the simulator's checkout, then back to the portal as the payer's browser would come. */
async function payAt(request: APIRequestContext, txn: string, next: Next, outcome: string) {
  const checkout = await request.post(next.url, { form: { ...next.fields, outcome, fault: '' } });
  expect(checkout.status()).toBe(200);
  const back = await request.post(`/payments/return?txn=${txn}`, { form: hiddenFields(await checkout.text()), maxRedirects: 0 });
  expect(back.status()).toBe(303);
}

/** A property with tax due that no other spec pays: the demo ward's last ones first. */
async function unpaidProperty(request: APIRequestContext) {
  const file = new Database(e2eDatabasePath(), { readonly: true });
  const all = file.prepare('SELECT number, mobile FROM property ORDER BY number DESC').all() as { number: string; mobile: string }[];
  file.close();
  for (const p of all) {
    const due = (await (await request.get(`/api/Public/property-tax/${p.number}?mobile=${p.mobile}`)).json()) as { totalDuePaise: number };
    if (due.totalDuePaise > 0) return p;
  }
  throw new Error('no property has tax due');
}

test('an admin sees a payment made twice and refunds it through the gateway', async ({ page, request }) => {
  const p = await unpaidProperty(request);
  const first = await start(request, p);
  await payAt(request, first.transactionId, first.next, 'failure');
  const second = await start(request, p);
  await payAt(request, second.transactionId, second.next, 'success');
  await payAt(request, first.transactionId, first.next, 'success');
  const orderId = first.next.fields.order_id;

  await openSession(page, ADMIN);
  await page.goto('/dashboard');
  await expect(page.locator('[data-refunds-waiting]')).toContainText('to be refunded');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payment Exceptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment exceptions' })).toBeVisible();
  const row = page.locator(`tr[data-transaction="${first.transactionId}"]`);
  await expect(row).toContainText(p.number);
  await expect(row).toContainText(orderId);
  await expect(row).toContainText('Paid after the bill had been paid');

  await row.getByRole('link', { name: 'Refund…' }).click();
  await expect(page.getByRole('heading', { name: 'Refund this payment?' })).toBeVisible();
  // Nothing is sent back before the confirmation: the payment still waits.
  await expect(row).toHaveAttribute('data-state', 'refund-due');
  await page.getByRole('button', { name: /^Refund ₹/ }).click();

  await expect(page.getByRole('status').filter({ hasText: 'was refunded' })).toContainText(`for ${p.number} was refunded through the gateway`);
  await expect(page.locator(`table[data-refunded] tr[data-transaction="${first.transactionId}"]`)).toBeVisible();
  await expect(page.locator(`table[data-exceptions] tr[data-transaction="${first.transactionId}"]`)).toHaveCount(0);
  // The payer's own page says so too.
  const seen = (await (await request.get(`/api/Public/payments/${first.transactionId}`)).json()) as { state: string };
  expect(seen.state).toBe('refunded');
});
