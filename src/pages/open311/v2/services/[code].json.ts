import { open311, serviceDefinitionAnswer } from '../../../../features/grievance/open311.server';

export const GET = open311(serviceDefinitionAnswer);
