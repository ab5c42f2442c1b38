import { endpoint } from '../../../../../../server/http';
import { createAnswer, listAnswer } from '../../../../settings-api.server';

export const GET = endpoint(listAnswer);
export const POST = endpoint(createAnswer);
