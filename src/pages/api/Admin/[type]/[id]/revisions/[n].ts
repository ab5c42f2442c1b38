import { endpoint } from '../../../../../../server/http';
import { revisionAnswer } from '../../../../../../features/revisions/revisions-api.server';

/** One revision and what changed since the one before it (or since ?against=m). */
export const GET = endpoint(revisionAnswer);
