import { endpoint, json } from '../../../server/http';
import { listUlbs } from '../../../features/complaint/complaint.server';

export const GET = endpoint(async () => json(await listUlbs()));
