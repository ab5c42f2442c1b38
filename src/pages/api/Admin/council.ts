import { endpoint } from '../../../server/http';
import { councilAnswer, saveCouncilAnswer } from '../../../server/council/api';

export const GET = endpoint(councilAnswer);
export const PUT = endpoint(saveCouncilAnswer);
