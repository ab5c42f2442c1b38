import { endpoint, json } from '../../../server/http';
import { listGrievanceTypes } from '../../../features/complaint/complaint.server';

export const GET = endpoint(async () => json(await listGrievanceTypes()));
