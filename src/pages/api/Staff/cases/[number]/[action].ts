import { endpoint } from '../../../../../server/http';
import { stepAnswer } from '../../../../../features/cases/staff-cases-api.server';
import '../../../../../case-services';

export const POST = endpoint(stepAnswer);
