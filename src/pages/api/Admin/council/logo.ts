import { endpoint } from '../../../../server/http';
import { saveLogoAnswer } from '../../../../server/council/api';

export const PUT = endpoint(saveLogoAnswer);
