import type { Messages } from '../../messages';

export const archive: Messages['archive'] = {
  liveTitles: {
    notice: 'सूचनाएँ',
    circulars: 'परिपत्र',
    officeorder: 'कार्यालय आदेश',
    latestnews: 'ताज़ा समाचार',
    tender: 'सक्रिय निविदाएँ',
  },
  matching: (title: string, query: string) => `${title} में "${query}" से मेल खाने वाली प्रविष्टियाँ`,
  pageDescription: (liveTitle: string) => `${liveTitle} जो अब प्रचलित नहीं हैं, संदर्भ के लिए सुरक्षित।`,
  intro: 'प्रचलन से बाहर हो चुकी प्रविष्टियाँ संदर्भ के लिए यहाँ सुरक्षित रखी गई हैं। वर्तमान जानकारी के लिए देखें:',
  searchLabel: 'अभिलेखागार में खोजें',
  search: 'खोजें',
  failed: 'अभिलेखागार की जानकारी लाते समय त्रुटि हुई।',
  noMatch: (query: string) => `अभिलेखागार में "${query}" से मेल खाती कोई प्रविष्टि नहीं है।`,
  empty: 'अभी तक कुछ भी अभिलेखागार में नहीं रखा गया है।',
  newestFirst: (title: string) => `${title}, नवीनतम पहले`,
  number: 'क्रम',
  title: 'शीर्षक',
  descriptionColumn: 'विवरण',
  department: 'विभाग',
  closed: 'बंद होने की तिथि',
  issueDate: 'जारी तिथि',
  posted: 'प्रकाशन तिथि',
  details: 'विवरण देखें',
  // Begins with the link's visible words, so a voice user who says them reaches it (WCAG 2.5.3).
  detailsOf: (title: string) => `विवरण देखें: ${title}`,
  file: 'फ़ाइल',
  download: 'दस्तावेज़ डाउनलोड करें',
  noDocument: 'कोई दस्तावेज़ नहीं',
  pagesLabel: (liveTitle: string) => `${liveTitle} अभिलेखागार`,
};
