import { endpoint } from '../../../../../../server/http';
import { applicationAnswer } from '../../../../answers.server';

/** POST /api/Public/water/applications (multipart; doc_<code> files): answers the application number. */
export const POST = endpoint(applicationAnswer);
