/**
 * The demo wards' localities, in English and Hindi, by ward number: what a citizen who does not know their
 * ward's number recognises in a ward picker. Invented for the demo town; the council keeps its own at /hindi-names.
 */
export const wardLocalities: Readonly<Record<number, { en: string; hi: string }>> = {
  1: { en: 'Purani Bazar, Kali Asthan, Main Road', hi: 'पुरानी बाज़ार, काली स्थान, मेन रोड' },
  2: { en: 'Railway Colony, Loco Shed', hi: 'रेलवे कॉलोनी, लोको शेड' },
  3: { en: 'Subhash Chowk, Hospital Road', hi: 'सुभाष चौक, अस्पताल रोड' },
  4: { en: 'Mill Road, Kumhar Toli', hi: 'मिल रोड, कुम्हार टोली' },
  5: { en: 'Gandhi Nagar, Station Road', hi: 'गांधी नगर, स्टेशन रोड' },
  6: { en: 'Nehru Nagar, Court Area', hi: 'नेहरू नगर, कचहरी क्षेत्र' },
  7: { en: 'Mahavir Tola, Sabji Mandi', hi: 'महावीर टोला, सब्ज़ी मंडी' },
  8: { en: 'Shanti Nagar, Block Colony', hi: 'शांति नगर, प्रखंड कॉलोनी' },
  9: { en: 'Thana Chowk, Kotwali Road', hi: 'थाना चौक, कोतवाली रोड' },
  10: { en: 'Rajendra Nagar, ITI Road', hi: 'राजेंद्र नगर, आईटीआई रोड' },
  11: { en: 'Pokhar Tola, Masjid Road', hi: 'पोखर टोला, मस्जिद रोड' },
  12: { en: 'Ambedkar Nagar, Bus Stand', hi: 'आंबेडकर नगर, बस स्टैंड' },
  13: { en: 'Hanuman Nagar, Gola Road', hi: 'हनुमान नगर, गोला रोड' },
  14: { en: 'Chitragupta Nagar, Post Office Road', hi: 'चित्रगुप्त नगर, डाकघर रोड' },
  15: { en: 'Kabir Chowk, Dhobi Ghat', hi: 'कबीर चौक, धोबी घाट' },
  16: { en: 'Janakpur Road, Gosain Tola', hi: 'जनकपुर रोड, गोसाईं टोला' },
  17: { en: 'Patel Nagar, Cold Storage Road', hi: 'पटेल नगर, कोल्ड स्टोरेज रोड' },
  18: { en: 'Lohia Nagar, Mahila College', hi: 'लोहिया नगर, महिला कॉलेज' },
  19: { en: 'Naya Tola, Eidgah Road', hi: 'नया टोला, ईदगाह रोड' },
  20: { en: 'Shiv Mandir Chowk, Durga Sthan', hi: 'शिव मंदिर चौक, दुर्गा स्थान' },
  21: { en: 'Bhagat Singh Nagar, Stadium Road', hi: 'भगत सिंह नगर, स्टेडियम रोड' },
  22: { en: 'Nahar Road, Bagicha Tola', hi: 'नहर रोड, बगीचा टोला' },
  23: { en: 'Azad Nagar, Fire Station', hi: 'आज़ाद नगर, अग्निशमन केंद्र' },
  24: { en: 'Sitamarhi Road, Bhatta Area', hi: 'सीतामढ़ी रोड, भट्ठा क्षेत्र' },
  25: { en: 'Industrial Area, Bypass', hi: 'औद्योगिक क्षेत्र, बाईपास' },
};
