import { endpoint } from '../../../../server/http';
import { contentTypeParam, deleteAnswer, findAnswer } from '../../../../server/content/api';
import { refuseEditorDelete } from '../../../../server/lifecycle/save-rules';

export const GET = endpoint(async (context) => findAnswer(contentTypeParam(context), context));
export const DELETE = endpoint(async (context) => {
  refuseEditorDelete(context.locals.session?.user.role);
  return deleteAnswer(contentTypeParam(context), context);
});
