import { endpoint } from '../../../../../server/http';
import { deleteAnswer, updateAnswer } from '../../../../../features/trade-licence/settings-api.server';

export const PUT = endpoint(updateAnswer);
export const DELETE = endpoint(deleteAnswer);
