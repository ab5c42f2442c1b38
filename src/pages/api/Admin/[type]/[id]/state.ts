import { endpoint, json, parseId, readJsonBody } from '../../../../../server/http';
import { actorOf, contentTypeParam } from '../../../../../server/content/api';
import { applyTransition, readTransitionRequest } from '../../../../../server/lifecycle/transitions';

/**
 * POST {action, comment, publishAt, unpublishAt, validUntil, reviewAt}: moves one record along the content
 * lifecycle. 409 for a step the state does not allow, 400 for a bad field, 403 for a step the role may not take, 404 for no
 * such record. Answers the record's new lifecycle state.
 */
export const POST = endpoint(async (context) => {
  const def = contentTypeParam(context);
  const id = parseId(context.params.id);
  const actor = actorOf(context);
  const request = readTransitionRequest(await readJsonBody(context.request));
  return json({ id, ...(await applyTransition(def, id, request, actor)) });
});
