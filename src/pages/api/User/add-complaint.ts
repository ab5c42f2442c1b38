import { endpoint } from '../../../server/http';
import { addComplaintAnswer } from '../../../features/complaint/complaint-api.server';

export const POST = endpoint(addComplaintAnswer);
