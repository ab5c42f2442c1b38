import type { Messages } from '../../messages';

/** व्यापार लाइसेंस के आवेदन के बारे में व्यापारी को भेजे जाने वाले संदेश (एसएमएस और ईमेल)। */
export const tradeLicenceMessages: Messages['tradeLicenceMessages'] = {
  subject: (number, state) => `व्यापार लाइसेंस ${number}: ${state}`,
  lodge: (number) => `आपका व्यापार लाइसेंस आवेदन ${number} मिल गया है। इसे ट्रैक करने के लिए यह नंबर संभाल कर रखें।`,
  verified: (number) => `आपके व्यापार लाइसेंस आवेदन ${number} के दस्तावेज़ स्वीकार हो गए हैं; अब स्थल निरीक्षण होगा।`,
  approved: (number) => `आपका व्यापार लाइसेंस आवेदन ${number} स्वीकृत है। लाइसेंस पाने के लिए शुल्क ऑनलाइन या नगर परिषद कार्यालय में जमा करें।`,
  issued: (number, note) => `आवेदन ${number} पर आपका व्यापार लाइसेंस जारी हो गया है।${note ? ` ${note}` : ''} प्रमाणपत्र अपने पेज से डाउनलोड करें।`,
  sentBack: (number, note) => `आपके व्यापार लाइसेंस आवेदन ${number} में आपसे कुछ चाहिए: ${note}`,
  resubmitted: (number) => `आपका सुधरा हुआ व्यापार लाइसेंस आवेदन ${number} मिल गया है।`,
  rejected: (number, note) => `आपका व्यापार लाइसेंस आवेदन ${number} अस्वीकार कर दिया गया। कारण: ${note}`,
  cancelled: (number, note) => `आवेदन ${number} का व्यापार लाइसेंस रद्द कर दिया गया है। कारण: ${note}`,
  expired: (number) => `आवेदन ${number} के व्यापार लाइसेंस की अवधि समाप्त हो गई है। इसे ऑनलाइन नवीनीकृत करें।`,
  reminder: (licence, until) => `आपका व्यापार लाइसेंस ${licence} ${until} तक मान्य है। उससे पहले इसे ऑनलाइन नवीनीकृत करें।`,
};
