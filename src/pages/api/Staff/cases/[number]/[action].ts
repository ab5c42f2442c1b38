import { endpoint } from '../../../../../server/http';
import { stepAnswer } from '../../../../../features/cases/staff-cases-api.server';

export const POST = endpoint(stepAnswer);
