import type { Messages } from '../../messages';

export const notices: Messages['notices'] = {
  assignedSubject: (service: string, number: string) => `आपको सौंपा गया: ${service} ${number}`,
  assigned: (service: string, number: string, by: string) => `${by} ने ${service} ${number} आपको सौंपा है।`,
  about: (line: string) => `विषय: ${line}`,
  dueBy: (when: string) => `निस्तारण की समय-सीमा: ${when} (भारतीय समय)`,
  noDueTime: 'निस्तारण की समय-सीमा: कोई समय-सीमा तय नहीं है।',
  openCaseAt: (link: string) => `मामला यहाँ खोलें: ${link}`,
  sentBackSubject: (heading: string, name: string) => `वापस भेजा गया: ${heading} "${name}"`,
  sentBack: (heading: string, name: string, by: string) => `${by} ने आपका ${heading} "${name}" इस टिप्पणी के साथ वापस भेजा है:`,
  editAt: (link: string) => `इसे बदलें और फिर से समीक्षा के लिए भेजें: ${link}`,
  bouncedSubject: (receipt: string) => `चेक लौटा: रसीद ${receipt} रद्द`,
  bounced: (council: string, what: string, referenceName: string, reference: string, receipt: string, amount: string) =>
    `${council}: ${what} (${referenceName} ${reference}) के लिए आपका चेक बैंक ने लौटा दिया है, इसलिए रसीद ${receipt} रद्द कर दी गई है और ₹${amount} फिर से देय है।`,
  payOnline: (link: string) => `भुगतान ऑनलाइन ${link} पर या नगर परिषद कार्यालय में करें।`,
  payAtOffice: 'भुगतान नगर परिषद कार्यालय में करें।',
};
