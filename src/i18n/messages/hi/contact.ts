import type { Messages } from '../../messages';

export const contact: Messages['contact'] = {
  title: 'संपर्क करें',
  description: (council: string) => `${council} का पता, फ़ोन, टोल-फ़्री नंबर, ईमेल और कार्यालय का समय।`,
  councilOffice: 'नगर परिषद कार्यालय',
  findUs: 'हम कहाँ हैं',
  mapTitle: (council: string) => `${council} के कार्यालय का नक्शा`,
  showMap: 'नक्शा दिखाएँ',
  showMapNote: 'यह आपके कहने पर ही गूगल मैप्स से खुलेगा।',
  sendMessage: 'हमें संदेश भेजें',
  messageIntro: 'यहाँ से नगर परिषद कार्यालय को लिखें; कर्मचारी हर संदेश पढ़ते हैं, और ईमेल देने पर उसी पर उत्तर देते हैं। किसी नागरिक समस्या की शिकायत दर्ज करके उसे ट्रैक करने के लिए',
  address: 'पता',
  mail: 'ईमेल',
  tollFree: 'टोल-फ़्री',
  phone: 'फ़ोन',
  officeHours: 'कार्यालय का समय',
};
