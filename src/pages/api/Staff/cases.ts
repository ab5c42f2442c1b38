import { endpoint } from '../../../server/http';
import { listAnswer } from '../../../features/cases/staff-cases-api.server';

export const GET = endpoint(listAnswer);
