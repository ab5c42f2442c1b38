import type { Messages } from '../../messages';

export const grievanceMessages: Messages['grievanceMessages'] = {
  subject: (number: string, state: string) => `शिकायत ${number}: ${state}`,
  lodge: (number: string) => `आपकी शिकायत ${number} दर्ज हो गई है। इसे ट्रैक करने के लिए यह संख्या संभालकर रखें।`,
  assign: (number: string) => `आपकी शिकायत ${number} एक पदाधिकारी को सौंप दी गई है।`,
  resolve: (number: string, note: string) => `आपकी शिकायत ${number} का निस्तारण हो गया है।${note ? ` टिप्पणी: ${note}` : ''} आप काम को रेटिंग दे सकते हैं, या समस्या बनी रहे तो शिकायत फिर से खोल सकते हैं।`,
  reject: (number: string, reason: string) => `आपकी शिकायत ${number} अस्वीकृत की गई। कारण: ${reason}`,
  rate: (number: string) => `शिकायत ${number} पर हुए काम को रेटिंग देने के लिए धन्यवाद। अब यह बंद हो गई है।`,
  reopen: (number: string) => `आपकी शिकायत ${number} फिर से खोल दी गई है और दोबारा सौंपी जाएगी।`,
  autoClose: (number: string) => `आपकी शिकायत ${number} बंद कर दी गई है।`,
  otherStep: (number: string, state: string) => `आपकी शिकायत ${number} की स्थिति अब: ${state}।`,
  overdueSubject: (number: string) => `समय-सीमा पार: शिकायत ${number}`,
  overdueToOfficer: (number: string, due: string) => `आपको सौंपी गई शिकायत ${number} का निस्तारण ${due} तक होना था और यह अभी भी खुली है।`,
  overdueToAdmins: (number: string, due: string, officer: string) => `शिकायत ${number} का निस्तारण ${due} तक होना था और यह अभी भी खुली है (${officer ? `${officer} को सौंपी गई` : 'किसी पदाधिकारी को नहीं सौंपी गई'})।`,
  openItAt: (link: string) => `इसे यहाँ खोलें: ${link}`,
  // मिलती-जुलती शिकायतें, "मेरी भी" और मिलाई गई दोहरी शिकायतें।
  merge: (number: string, original: string) => `आपकी शिकायत ${number} उसी समस्या के बारे में है जिसकी शिकायत ${original} है, इसलिए इसे उसमें मिला दिया गया है। अब आपको ${original} की प्रगति बताई जाएगी।`,
  supporterLine: (number: string) => `आप शिकायत ${number} से जुड़े हैं (आपने "मेरी भी" कहा, या उसी समस्या की आपकी शिकायत इसमें मिलाई गई)।`,
  supporterConfirmSubject: (number: string) => `शिकायत ${number} की प्रगति जानना चाहते हैं?`,
  supporterConfirm: (number: string, link: string) => `किसी ने (आशा है आपने) शिकायत ${number} पर "मेरी भी" कहा और इसकी प्रगति जानने के लिए यह पता दिया। प्रगति जानने के लिए 48 घंटे के भीतर यह लिंक खोलें और बटन दबाएँ:\n${link}\n\nअगर यह आप नहीं थे, तो कुछ न करें: आगे कुछ नहीं भेजा जाएगा।`,
  supporterConfirmSms: (number: string, link: string) => `इस नंबर से शिकायत ${number} पर "मेरी भी" कहा गया। SMS से प्रगति जानने के लिए पुष्टि करें: ${link} आप नहीं थे? अनदेखा करें; आगे कुछ नहीं भेजा जाएगा।`,
};
