import { endpoint } from '../../../../server/http';
import { caseAnswer } from '../../../../features/cases/staff-cases-api.server';

export const GET = endpoint(caseAnswer);
