import type { Messages } from '../../messages';

export const footer: Messages['footer'] = {
  addressHeading: 'पता',
  contactHeading: 'संपर्क',
  mail: 'ईमेल:',
  tollFree: 'टोल-फ़्री:',
  phone: 'फ़ोन:',
  usefulLinksHeading: 'उपयोगी लिंक',
  privacyPolicy: 'गोपनीयता नीति',
  contactUs: 'संपर्क करें',
  holidays: 'अवकाश सूची',
  aboutSiteHeading: 'इस वेबसाइट के बारे में',
  websitePolicies: 'वेबसाइट नीतियाँ',
  help: 'सहायता',
  feedback: 'प्रतिक्रिया',
  sitemap: 'साइटमैप',
  accessibilityStatement: 'सुगम्यता विवरण',
  screenReaderAccess: 'स्क्रीन रीडर एक्सेस',
  lastUpdated: 'अंतिम अद्यतन:',
  copyright: (year: number, council: string) =>
    `© ${year} ${council}। सर्वाधिकार सुरक्षित। यह वेबसाइट ${council} के स्वामित्व में है और उसी के द्वारा प्रबंधित है; सामग्री उसके विभागों द्वारा प्रकाशित एवं अद्यतन की जाती है।`,
};
