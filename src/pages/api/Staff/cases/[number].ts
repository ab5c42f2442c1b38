import { endpoint } from '../../../../server/http';
import { caseAnswer } from '../../../../features/cases/staff-cases-api.server';
import '../../../../case-services';

export const GET = endpoint(caseAnswer);
