import { endpoint } from '../../../../server/http';
import { contentTypeParam, deleteAnswer, findAnswer } from '../../../../server/content/api';

export const GET = endpoint(async (context) => findAnswer(contentTypeParam(context), context));
export const DELETE = endpoint(async (context) => deleteAnswer(contentTypeParam(context), context));
