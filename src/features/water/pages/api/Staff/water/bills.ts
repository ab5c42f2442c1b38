import { endpoint } from '../../../../../../server/http';
import { billingAnswer } from '../../../../answers.server';

/** POST /api/Staff/water/bills {quarter: '2026-27-Q2'}: bills every connection for that quarter (admins). */
export const POST = endpoint(billingAnswer);
