import { endpoint } from '../../../../../../../server/http';
import { restoreAnswer } from '../../../../../../../features/revisions/revisions-api.server';

/** Brings the record back to revision n, as a new revision. */
export const POST = endpoint(restoreAnswer);
