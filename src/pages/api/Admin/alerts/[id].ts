import { endpoint } from '../../../../server/http';
import { deleteAnswer, findAnswer, updateAnswer } from '../../../../features/alerts/alerts-api.server';

export const GET = endpoint(findAnswer);
export const PUT = endpoint(updateAnswer);
export const DELETE = endpoint(deleteAnswer);
