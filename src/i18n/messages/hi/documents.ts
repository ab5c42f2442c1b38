import type { Messages } from '../../messages';

export const documents: Messages['documents'] = {
  notice: { title: 'सूचनाएँ', kind: 'सूचना', empty: 'कोई सूचना नहीं मिली।' },
  circulars: { title: 'परिपत्र', kind: 'परिपत्र', empty: 'कोई परिपत्र नहीं मिला।' },
  officeOrder: { title: 'कार्यालय आदेश', kind: 'कार्यालय आदेश', empty: 'कोई कार्यालय आदेश नहीं मिला।' },
  latestNews: { title: 'ताज़ा समाचार', kind: 'ताज़ा समाचार', empty: 'कोई ताज़ा समाचार नहीं मिला।' },
  failed: (kind: string) => `${kind} की जानकारी लाते समय त्रुटि हुई।`,
  archiveLink: 'कुछ पुराना खोज रहे हैं? देखें:',
  archiveLinkEnd: '।',
  newestFirst: (title: string) => `${title}, नवीनतम पहले`,
  number: 'क्रम',
  title: 'शीर्षक',
  description: 'विवरण',
  department: 'विभाग',
  issueDate: 'जारी तिथि',
  file: 'फ़ाइल',
  download: 'दस्तावेज़ डाउनलोड करें',
  noDocument: 'कोई दस्तावेज़ नहीं',
  breadcrumb: 'सूची पर वापस',
  published: 'वेबसाइट पर प्रकाशित',
  notGiven: 'नहीं दी गई',
};
