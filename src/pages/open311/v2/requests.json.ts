import { createRequestAnswer, open311, requestsAnswer } from '../../../features/grievance/open311.server';

export const GET = open311(requestsAnswer);
export const POST = open311(createRequestAnswer);
