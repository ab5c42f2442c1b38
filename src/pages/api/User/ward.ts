import { endpoint, json } from '../../../server/http';
import { listWards } from '../../../features/complaint/complaint.server';

export const GET = endpoint(async () => json(await listWards()));
