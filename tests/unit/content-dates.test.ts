import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { tenderType } from '../../src/features/tender/tender.schema';
import { sampleValues } from '../support/content-samples';

/**
 * The content forms' dates, as the back office's form and the API both check them with the type's one schema:
 * a day that does not exist is said to be so, once, and is compared with no other date.
 */
async function messagesFor(values: Record<string, string>): Promise<Record<string, string[]>> {
  try {
    await tenderType.schema.validate({ ...sampleValues(tenderType), ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byField: Record<string, string[]> = {};
    for (const inner of error.inner) (byField[inner.path ?? ''] ??= []).push(inner.message);
    return byField;
  }
}

describe('a tender\'s dates', () => {
  it('31 February as the wire writes it: one message, on the publish date, that it is not a real date', async () => {
    const messages = await messagesFor({ publish_date: '2026-02-31', last_date_of_submission: '2026-02-28' });
    expect(Object.keys(messages)).toEqual(['publish_date']);
    expect(messages.publish_date).toEqual(['2026-02-31 is not a real date: that month has no such day.']);
  });

  it('31/02/2026 as typed in the form (which hands on what it cannot read): one message, on that field', async () => {
    expect(Object.keys(await messagesFor({ publish_date: '31/02/2026', last_date_of_submission: '2026-03-15' }))).toEqual(['publish_date']);
    expect(Object.keys(await messagesFor({ publish_date: '2026-03-01', last_date_of_submission: '30/02/2026' }))).toEqual(['last_date_of_submission']);
  });

  it('two real days in the wrong order: the comparison\'s message alone', async () => {
    expect(await messagesFor({ publish_date: '2026-03-01', last_date_of_submission: '2026-02-28' })).toEqual({
      last_date_of_submission: ['The last date of submission cannot be before the publish date.'],
    });
    expect(await messagesFor({ publish_date: '2026-02-28', last_date_of_submission: '2026-02-28' })).toEqual({});
  });
});
