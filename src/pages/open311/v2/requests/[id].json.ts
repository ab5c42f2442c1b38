import { oneRequestAnswer, open311 } from '../../../../features/grievance/open311.server';

export const GET = open311(oneRequestAnswer);
