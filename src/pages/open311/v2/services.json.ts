import { open311, servicesAnswer } from '../../../features/grievance/open311.server';

export const GET = open311(servicesAnswer);
