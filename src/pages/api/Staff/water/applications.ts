import { endpoint } from '../../../../server/http';
import { applicationAnswer } from '../../../../features/water/answers.server';

/** POST /api/Staff/water/applications: the counter clerk applies for a holder (the same form as the public call). */
export const POST = endpoint(applicationAnswer);
