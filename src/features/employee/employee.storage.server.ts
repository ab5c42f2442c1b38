import { contentStorage } from '../../server/content/storage';
import { employeeType } from './employee.schema';

/** Where this type's records live (see server/content/storage.ts). */
export const employeeStorage = contentStorage(employeeType, {
  table: 'employee',
  columns: {
    name: 'name',
    designation: 'designation',
    emailAddres: 'email_addres',
    status: 'status',
    postRemarks: 'post_remarks',
    mobileNumber: 'mobile_number',
    landLineNumber: 'land_line_number',
    fromDate: 'from_date',
    toDate: 'to_date',
    serialNo: 'serial_no',
    showHomePage: 'show_home_page',
  },
  files: { photoPath: 'photo_media_id' },
  orderBy: 'id',
});
