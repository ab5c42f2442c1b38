import type { Messages } from '../../messages';
import type { Place } from '../../../lib/ward-problems';
import type { ProblemWords } from '../en/wards';

const where = (p: Place) => `फ़ीचर ${p.feature}${p.ward ? ` (वार्ड ${p.ward})` : ''}${p.part ? `, भाग ${p.part}` : ''}${p.ring ? `, रिंग ${p.ring}` : ''}`;
const list = (wards: readonly string[]) => wards.join(', ');
const near = (p: { lat: number; long: number }) => `${p.lat}, ${p.long} के पास`;

const problems: ProblemWords = {
  notJson: () => 'फ़ाइल GeoJSON नहीं है: यह UTF-8 में मान्य JSON नहीं है।',
  notCollection: () => 'फ़ाइल GeoJSON FeatureCollection नहीं है ("type": "FeatureCollection" और "features" सूची वाला ऑब्जेक्ट होना चाहिए)।',
  noFeatures: () => 'FeatureCollection में कोई फ़ीचर नहीं है।',
  tooManyFeatures: (p) => `फ़ाइल में ${p.count} फ़ीचर हैं; अधिकतम ${p.max} की अनुमति है।`,
  notFeature: (p) => `${where(p.place)} GeoJSON Feature नहीं है।`,
  noWardNumber: (p) => `${where(p.place)} में वार्ड संख्या नहीं है: इसे "ward" गुण (1, 2, …) दें।`,
  repeatedWard: (p) => `${where(p.place)} वार्ड ${p.place.ward} दोहराता है, जो फ़ीचर ${p.first} में पहले से दिया गया है।`,
  unknownWard: (p) => `${where(p.place)} ऐसा वार्ड बताता है जो परिषद में नहीं है।`,
  notPolygon: (p) => `${where(p.place)} Polygon या MultiPolygon नहीं है।`,
  noCoordinates: (p) => `${where(p.place)} में कोई निर्देशांक नहीं हैं।`,
  noRings: (p) => `${where(p.place)} में कोई रिंग नहीं है।`,
  notPositionList: (p) => `${where(p.place)} स्थितियों (positions) की सूची नहीं है।`,
  tooManyRingPositions: (p) => `${where(p.place)} में ${p.count} स्थितियाँ हैं; एक रिंग में अधिकतम ${p.max} की अनुमति है।`,
  notNumbers: (p) => `${where(p.place)} में एक स्थिति संख्याओं में [देशांतर, अक्षांश] नहीं है।`,
  outOfRange: (p) => `${where(p.place)} में एक स्थिति देशांतर −180…180 या अक्षांश −90…90 से बाहर है (GeoJSON में [देशांतर, अक्षांश] होता है)।`,
  tooFewPositions: (p) => `${where(p.place)} में ${p.count} स्थितियाँ हैं; एक रिंग में कम से कम 4 चाहिए (पहली अंत में दोहराई जाए)।`,
  notClosed: (p) => `${where(p.place)} बंद नहीं है: इसकी अंतिम स्थिति पहली को दोहराए।`,
  crossesItself: (p) => `${where(p.place)} स्वयं को काटता है।`,
  noArea: (p) => `${where(p.place)} कोई क्षेत्र नहीं घेरता।`,
  tooManyPositions: (p) => `फ़ाइल में ${p.count} स्थितियाँ हैं; अधिकतम ${p.max} की अनुमति है।`,
  overlap: (p) => `वार्ड ${p.wards[0]} और ${p.wards[1]} एक-दूसरे पर चढ़े हैं; वार्ड किनारा साझा कर सकते हैं, क्षेत्र नहीं।`,
  missingWards: (p) => `वार्ड ${list(p.wards)} की सीमा नहीं दी गई है: हर वार्ड की सीमा चाहिए।`,
  gap: (p) => `वार्ड ${list(p.wards)} के बीच ${near(p)} एक खाली जगह है जो किसी वार्ड में नहीं है: वार्डों के साझा किनारे एक ही बिंदुओं से होकर बनाएँ।`,
  apart: (p) => `वार्ड ${list(p.wards)} ${near(p)} शहर के बाकी हिस्से से अलग हैं: वार्ड मिलकर एक ही क्षेत्र बनाएँ, बीच में कोई खाली जगह न हो।`,
  pinch: (p) => `शहर की सीमा ${p.lat}, ${p.long} पर स्वयं को छूती है (वार्ड ${list(p.wards)}): वहाँ वार्ड केवल एक कोने पर मिलते हैं, या एक बिंदु पर बंद खाली जगह छोड़ते हैं।`,
  strip: (p) =>
    `वार्ड ${p.wards[0]} और ${p.wards[1]} के बीच ${near(p)} लगभग ${p.width} मीटर चौड़ी एक पट्टी किसी वार्ड में नहीं है: वार्डों के बीच ${p.max} मीटर से संकरी पट्टी भी खाली जगह है। उनका साझा किनारा एक ही बिंदुओं से होकर बनाएँ।`,
  tooIntricate: (p) =>
    `सीमाएँ इतनी जटिल हैं कि अनुमत काम (पास के किनारों की ${p.max.toLocaleString('en-IN')} तुलनाएँ) में उनकी जाँच नहीं हो सकती: उन्हें कम स्थितियों से, या दूसरे किनारों के ऊपर से जाते कम लंबे किनारों से बनाएँ, और फिर अपलोड करें।`,
};

export const wards: Messages['wards'] = {
  problems,
  choice: (ward, localities) => (localities ? `${ward} — ${localities}` : ward),
  pickerHint: 'हर वार्ड उसके मोहल्लों के साथ दिया है: वार्ड संख्या न पता हो तो अपने मोहल्ले से पहचानें।',
  page: {
    title: 'वार्ड सीमाएँ',
    intro: 'सीमाओं से किसी बिंदु का वार्ड पता चलता है: "मेरी लोकेशन लें" से दर्ज शिकायत, और Open311 रिपोर्ट। ये खुले डेटा के रूप में भी दी जाती हैं।',
    current: 'अभी उपयोग में',
    none: 'कोई सीमा अपलोड नहीं की गई है: किसी बिंदु का वार्ड पता नहीं चल सकता।',
    covered: (covered: number, total: number) => `${total} में से ${covered} वार्डों की सीमा है।`,
    without: (wards: string) => `बिना सीमा: वार्ड ${wards}।`,
    uploaded: (when: string, who: string) => `${when} को ${who} द्वारा अपलोड की गई।`,
    uploadedAt: (when: string) => `${when} को अपलोड की गई।`,
    openData: 'GeoJSON के रूप में डाउनलोड करें',
    uploadHeading: 'नई सीमाएँ अपलोड करें',
    rules: (megabytes: string, stripMetres: number) =>
      `एक GeoJSON FeatureCollection (.geojson या .json, अधिकतम ${megabytes} MB): हर वार्ड के लिए एक Polygon या MultiPolygon फ़ीचर, "ward" गुण में उसकी संख्या, [देशांतर, अक्षांश] में। वार्ड किनारे साझा कर सकते हैं, पर एक-दूसरे पर चढ़ नहीं सकते, और उनके बीच कोई खाली जगह नहीं रह सकती, शहर के किनारे से दो वार्डों के बीच अंदर आती ${stripMetres} मीटर से संकरी पट्टी भी नहीं। फ़ाइल सभी सीमाएँ एक साथ बदलती है; जो फ़ाइल जाँच में विफल हो, वह कुछ नहीं बदलती।`,
    file: 'सीमा फ़ाइल',
    upload: 'अपलोड करें और बदलें',
    saved: (wards: number) => `${wards} वार्डों की सीमाएँ सहेजी गईं। अपलोड ऑडिट लॉग में दर्ज है।`,
    auditLink: 'ऑडिट लॉग में देखें',
    refused: 'फ़ाइल का उपयोग नहीं हुआ, और कुछ नहीं बदला। ये समस्याएँ ठीक करके फिर से अपलोड करें:',
    noFile: 'अपलोड के लिए सीमा फ़ाइल चुनें।',
    tooLarge: (megabytes: string) => `फ़ाइल अनुमत ${megabytes} MB से बड़ी है।`,
    notForm: 'अपलोड पूरा नहीं पहुँचा। फ़ाइल चुनकर फिर से अपलोड करें।',
    busy: 'अभी एक और सीमा फ़ाइल की जाँच चल रही है। थोड़ा रुकें, फिर यह फ़ाइल दोबारा अपलोड करें।',
    checking: 'इस सर्वर पर अभी एक सीमा फ़ाइल की जाँच चल रही है; उसके पास होने तक उपयोग में चल रही सीमाएँ वैसी ही रहेंगी।',
  },
  map: {
    label: (lat: string, long: string) => `बिंदु ${lat}, ${long} का नक्शा`,
    approximate: 'बिंदु लगभग 100 मीटर तक दिखाया गया है।',
    heading: 'स्थान',
  },
};
