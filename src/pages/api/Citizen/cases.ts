import { endpoint } from '../../../server/http';
import { casesAnswer } from '../../../features/citizen/citizen-api.server';

export const GET = endpoint(casesAnswer);
