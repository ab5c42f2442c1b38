import { endpoint } from '../../../server/http';
import { contentTypeParam, listAnswer, saveAnswer } from '../../../server/content/api';

export const GET = endpoint(async (context) => listAnswer(contentTypeParam(context), context.url, 'admin'));
export const POST = endpoint(async (context) => saveAnswer(contentTypeParam(context), context, 'create'));
export const PUT = endpoint(async (context) => saveAnswer(contentTypeParam(context), context, 'update'));
