import { endpoint } from '../../../server/http';
import { contentTypeParam, listAnswer } from '../../../server/content/api';
import { employeeType } from '../../../features/employee/employee.schema';

// Officials are published through minister-officer-employee-by-designations, not as one whole list.
export const GET = endpoint(async (context) => listAnswer(contentTypeParam(context, (def) => def !== employeeType), context.url, 'public'));
