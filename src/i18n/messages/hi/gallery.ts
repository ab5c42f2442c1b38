import type { Messages } from '../../messages';

export const gallery: Messages['gallery'] = {
  photoGallery: 'फ़ोटो गैलरी',
  photoFailed: 'गैलरी लाते समय त्रुटि हुई।',
  photoEmpty: 'अभी तक कोई फ़ोटो प्रकाशित नहीं हुई है।',
  videoGallery: 'वीडियो गैलरी',
  videoPurpose: 'नगर परिषद के कार्यक्रमों, अभियानों और जन-सभाओं के वीडियो।',
  videoFailed: 'वीडियो लाते समय एक त्रुटि हुई।',
  videoEmpty: 'अभी कोई वीडियो प्रकाशित नहीं किया गया है।',
  play: (title: string) => `वीडियो चलाएँ: ${title}`,
  youtubeNote: 'चलाएँ दबाने पर यूट्यूब से चलता है; उससे पहले यूट्यूब से कुछ नहीं लिया जाता।',
  watchOnYoutube: 'यूट्यूब पर देखें',
  pressRelease: 'प्रेस विज्ञप्ति',
  pressFailed: 'प्रेस विज्ञप्तियाँ लाते समय त्रुटि हुई।',
  pressEmpty: 'अभी तक कोई प्रेस विज्ञप्ति प्रकाशित नहीं हुई है।',
  cutting: (title: string) => `समाचार-पत्र की कतरन: ${title}`,
  newspaper: 'समाचार-पत्र',
  pageNo: 'पृष्ठ सं.',
  releaseDate: 'प्रकाशन तिथि',
};
