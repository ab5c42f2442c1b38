import { endpoint } from '../../../../../server/http';
import { revisionsAnswer } from '../../../../../features/revisions/revisions-api.server';

/** Every revision of a record, newest first. */
export const GET = endpoint(revisionsAnswer);
