import { discoveryAnswer, open311 } from '../../../features/grievance/open311.server';

export const GET = open311(async () => discoveryAnswer());
