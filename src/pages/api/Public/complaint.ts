import { endpoint } from '../../../server/http';
import { complaintListAnswer } from '../../../features/complaint/complaint-api.server';

export const GET = endpoint(async ({ url }) => complaintListAnswer(url));
