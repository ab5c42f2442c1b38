import { endpoint, json } from '../../../../../../server/http';
import { feeAnswer } from '../../../../answers.server';

/** GET /api/Public/water/fee?type=domestic|commercial|institutional&pipe=15|20|25|40|50: the fee and deposit in paise. */
export const GET = endpoint(async ({ url }) => json(await feeAnswer(url.searchParams)));
