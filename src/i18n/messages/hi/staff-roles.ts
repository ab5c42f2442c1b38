import { roleWords } from '../../../lib/roles';
import type { staffRoles as english } from '../en/staff-roles';

/** बैक ऑफ़िस की आठ भूमिकाएँ: हर एक का नाम और उसका काम (../en/staff-roles.ts का हिंदी)। */
export const staffRoles: typeof english = {
  heading: 'कर्मचारियों के खाते और उनकी भूमिकाएँ',
  intro: 'बैक ऑफ़िस केवल परिषद के कर्मचारियों के लिए है: नागरिकों को पढ़ने, भुगतान करने या शिकायत दर्ज करने के लिए किसी खाते की ज़रूरत नहीं है। एडमिन हर कर्मचारी को आठ में से एक भूमिका वाला खाता देते हैं, और भूमिका तय करती है कि वे क्या खोल और कर सकते हैं:',
  names: roleWords('hi', 'name'),
  duties: roleWords('hi', 'duties'),
};
