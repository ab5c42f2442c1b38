import { endpoint } from '../../../../server/http';
import { caseAnswer } from '../../../../features/citizen/citizen-api.server';

export const GET = endpoint(caseAnswer);
