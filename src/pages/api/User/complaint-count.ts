import { endpoint } from '../../../server/http';
import { complaintStatusesAnswer } from '../../../features/complaint/complaint-api.server';

export const GET = endpoint(async ({ url }) => complaintStatusesAnswer(url));
