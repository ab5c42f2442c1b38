import { endpoint } from '../../../../../server/http';
import { caseActionAnswer } from '../../../../../features/citizen/citizen-api.server';

export const POST = endpoint(caseActionAnswer);
