import { endpoint } from '../../../../../../server/http';
import { applicationAnswer } from '../../../../answers.server';

/** POST /api/Staff/water/applications: the counter clerk applies for a holder (the same form as the public call). */
export const POST = endpoint(applicationAnswer);
