import { endpoint } from '../../../../server/http';
import { complaintAnswer } from '../../../../features/complaint/complaint-api.server';

export const GET = endpoint(complaintAnswer);
