import { endpoint, HttpError, json } from '../../../../../../server/http';
import { feeFor, financialYearsOpen } from '../../../../applications.server';

/**
 * GET /api/Public/trade-licence/fee?tradeType=&structure=&kind=new|renewal&area=&employees=&financialYear=:
 * the fee for these answers today, line by line, in paise: the figure the bill will charge.
 */
export const GET = endpoint(async ({ url }) => {
  const p = url.searchParams;
  const whole = (name: string) => {
    const value = p.get(name) ?? '';
    if (!/^\d{1,7}$/.test(value)) throw new HttpError(400, `${name}: a whole number.`, { [name]: 'A whole number.' });
    return Number(value);
  };
  const kind = p.get('kind') === 'renewal' ? 'renewal' : 'new';
  const financialYear = p.get('financialYear') || financialYearsOpen()[0];
  if (!financialYearsOpen().includes(financialYear)) throw new HttpError(400, 'financialYear: the current or the next, as 2026-27.', { financialYear: 'Not open.' });
  const fee = await feeFor({ tradeType: String(p.get('tradeType') ?? '').slice(0, 40), structure: String(p.get('structure') ?? '').slice(0, 40), kind, areaSqft: whole('area'), employees: whole('employees'), financialYear });
  if (!fee.ok) throw new HttpError(404, 'This trade has no fee in the table.');
  return json(fee);
});
