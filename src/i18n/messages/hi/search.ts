import type { Messages } from '../../messages';

export const search: Messages['search'] = {
  title: 'खोजें',
  resultsFor: (query: string) => `"${query}" के खोज परिणाम`,
  description: 'नगर परिषद की सूचनाएँ, परिपत्र, कार्यालय आदेश, निविदाएँ, ताज़ा समाचार और प्रेस विज्ञप्तियाँ, हिन्दी और अंग्रेज़ी में खोजें।',
  hint: (min: number) => `किसी सूचना, परिपत्र, कार्यालय आदेश, निविदा, समाचार या प्रेस विज्ञप्ति के शीर्षक या विवरण के किसी शब्द के, हिन्दी या अंग्रेज़ी में, कम से कम ${min} अक्षर लिखें।`,
  tooShort: (min: number) => `खोजने के लिए कृपया कम से कम ${min} अक्षर लिखें।`,
  noResults: (query: string) => `"${query}" के लिए कोई परिणाम नहीं मिला। कोई दूसरा शब्द आज़माएँ, या देखें:`,
  notices: 'सूचनाएँ',
  and: 'और',
  tenders: 'निविदाएँ',
  count: (n: number, query: string) => `"${query}" के ${n} परिणाम`,
  listedIn: 'सूची:',
  download: 'दस्तावेज़ डाउनलोड करें',
  groups: { notice: 'सूचनाएँ', circular: 'परिपत्र', officeorder: 'कार्यालय आदेश', tender: 'निविदाएँ', 'latest-news': 'ताज़ा समाचार', 'press-release': 'प्रेस विज्ञप्तियाँ' },
  dateLabels: { issued: 'जारी करने की तिथि', published: 'प्रकाशित', posted: 'प्रकाशित', released: 'जारी' },
  lists: { 'active-tender': 'सक्रिय निविदाएँ', 'past-tender': 'निष्क्रिय निविदाएँ' },
  more: (group: string) => `${group} में और परिणाम हैं; खोज सीमित करने के लिए एक शब्द और जोड़ें, या सभी देखें:`,
};
