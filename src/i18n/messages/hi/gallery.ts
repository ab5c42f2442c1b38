import type { Messages } from '../../messages';

export const gallery: Messages['gallery'] = {
  photoGallery: 'फ़ोटो गैलरी',
  photoFailed: 'गैलरी लाते समय त्रुटि हुई।',
  photoEmpty: 'अभी तक कोई फ़ोटो प्रकाशित नहीं हुई है।',
  videoGallery: 'वीडियो गैलरी',
  videoPurpose: 'नगर परिषद के कार्यक्रमों, अभियानों और जन-सभाओं के वीडियो।',
  videoBefore: 'इस पोर्टल पर अभी वीडियो प्रकाशित नहीं किए गए हैं। तब तक देखें:',
  videoAnd: 'और',
  pressReleases: 'प्रेस विज्ञप्तियाँ',
  videoOrWatch: ', या नगर परिषद का',
  youtubeChannel: 'यूट्यूब चैनल',
  videoAfter: ' देखें। किसी विशेष रिकॉर्डिंग की प्रति के लिए कार्यालय से संपर्क करें।',
  pressRelease: 'प्रेस विज्ञप्ति',
  pressFailed: 'प्रेस विज्ञप्तियाँ लाते समय त्रुटि हुई।',
  pressEmpty: 'अभी तक कोई प्रेस विज्ञप्ति प्रकाशित नहीं हुई है।',
  cutting: (title: string) => `समाचार-पत्र की कतरन: ${title}`,
  newspaper: 'समाचार-पत्र',
  pageNo: 'पृष्ठ सं.',
  releaseDate: 'प्रकाशन तिथि',
};
