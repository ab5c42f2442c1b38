import { endpoint, json } from '../../../server/http';
import { listDistricts } from '../../../features/complaint/complaint.server';

export const GET = endpoint(async () => json(await listDistricts()));
