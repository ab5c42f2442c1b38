import type { Messages } from '../../messages';

export const errors: Messages['errors'] = {
  notFound: 'पृष्ठ नहीं मिला',
  notFoundDescription: 'आपके द्वारा माँगा गया पृष्ठ इस वेबसाइट पर नहीं है।',
  notFoundText: 'आप जो पृष्ठ खोज रहे थे वह मौजूद नहीं है, या कहीं और चला गया है। पता जाँचें, ऊपर दिए मेनू या खोज बॉक्स का उपयोग करें, या मुख्य पृष्ठ से फिर शुरू करें।',
  backHome: 'मुख्य पृष्ठ पर वापस जाएँ',
};
