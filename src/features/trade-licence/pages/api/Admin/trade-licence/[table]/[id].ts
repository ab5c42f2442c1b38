import { endpoint } from '../../../../../../../server/http';
import { deleteAnswer, updateAnswer } from '../../../../../settings-api.server';

export const PUT = endpoint(updateAnswer);
export const DELETE = endpoint(deleteAnswer);
