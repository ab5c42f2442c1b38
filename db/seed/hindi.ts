import type { Db } from '../../src/server/db';
import { sourceHash } from '../../src/server/content/translation-store';

/**
 * Hindi text for most of the demo content, by the English title of the record it belongs to. A few items
 * are left untranslated on purpose, so the back office's translation list and the Hindi pages' English
 * fallback have something to show.
 */
interface HindiText {
  /** The table and the content type's path. */
  table: 'notice' | 'circular' | 'office_order' | 'tender' | 'latest_news' | 'press_release' | 'gallery';
  typePath: string;
  english: string;
  fields: Record<string, string>;
}

const notice = (english: string, title: string, description?: string): HindiText => ({ table: 'notice', typePath: 'notice', english, fields: { title, ...(description ? { description } : {}) } });
const circular = (english: string, title: string): HindiText => ({ table: 'circular', typePath: 'circular', english, fields: { title } });
const order = (english: string, title: string): HindiText => ({ table: 'office_order', typePath: 'officeorder', english, fields: { title } });
const news = (english: string, title: string, description: string): HindiText => ({ table: 'latest_news', typePath: 'latest-news', english, fields: { title, description } });
const tender = (english: string, title: string): HindiText => ({ table: 'tender', typePath: 'tender', english, fields: { tender_title: title } });
const press = (english: string, title: string, description: string): HindiText => ({ table: 'press_release', typePath: 'press-release', english, fields: { title, description } });

export const DEMO_HINDI: readonly HindiText[] = [
  notice('Last date for payment of holding tax for 2026-27 without penalty', 'वर्ष 2026-27 के होल्डिंग टैक्स का बिना दंड भुगतान की अंतिम तिथि'),
  notice('Special camp for new water connections in Wards 1 to 10', 'वार्ड 1 से 10 में नए पानी कनेक्शन के लिए विशेष शिविर'),
  notice('Ban on single-use plastic carry bags in market areas', 'बाज़ार क्षेत्रों में एकल-उपयोग प्लास्टिक थैलों पर प्रतिबंध'),
  notice('Mosquito fogging schedule for all wards, post-monsoon season', 'मानसून के बाद सभी वार्डों में मच्छर-रोधी फॉगिंग की सूची'),
  notice('Traffic diversion on Station Road during drain construction', 'नाला निर्माण के दौरान स्टेशन रोड पर यातायात का मार्ग परिवर्तन'),
  notice('Chhath Puja ghat preparations: instructions to residents and vendors', 'छठ पूजा घाटों की तैयारी: निवासियों और विक्रेताओं के लिए निर्देश'),
  notice('Ordinary meeting of the Board of Nagar Parishad', 'नगर परिषद बोर्ड की साधारण बैठक'),
  circular('Biometric attendance compulsory for all staff from the first of next month', 'अगले माह की पहली तारीख से सभी कर्मचारियों के लिए बायोमेट्रिक उपस्थिति अनिवार्य'),
  circular('Source segregation of waste into wet and dry fractions', 'कचरे का स्रोत पर गीले और सूखे में पृथक्करण'),
  circular('Precautions against dengue and malaria during the rainy season', 'बरसात के मौसम में डेंगू और मलेरिया से बचाव की सावधानियाँ'),
  circular('Testing of drinking water samples from every ward', 'हर वार्ड से पेयजल के नमूनों की जाँच'),
  order('Formation of flying squad for enforcement of the plastic ban', 'प्लास्टिक प्रतिबंध लागू करने हेतु उड़न दस्ते का गठन'),
  order('Night sweeping duty roster for the main market and bus stand', 'मुख्य बाज़ार और बस स्टैंड की रात्रि सफ़ाई ड्यूटी सूची'),
  order('Timings of water supply from the overhead tanks', 'ऊँची टंकियों से जलापूर्ति का समय'),
  tender('Construction of PCC road and covered drain from Durga Mandir to Station Road, Ward No. 7', 'वार्ड संख्या 7 में दुर्गा मंदिर से स्टेशन रोड तक पीसीसी सड़क और ढके नाले का निर्माण'),
  tender('Supply, installation and five-year maintenance of 150 LED street lights with GI poles', 'जीआई खंभों सहित 150 एलईडी स्ट्रीट लाइटों की आपूर्ति, स्थापना और पाँच वर्ष का रखरखाव'),
  tender('Engagement of agency for door-to-door waste collection and transportation in Wards 1 to 25', 'वार्ड 1 से 25 में घर-घर कचरा संग्रहण और परिवहन हेतु एजेंसी का चयन'),
  tender('Annual maintenance of overhead water tank, pump house and distribution lines, Ward No. 9', 'वार्ड संख्या 9 में ऊँची पानी टंकी, पंप घर और वितरण लाइनों का वार्षिक रखरखाव'),
  tender('Pre-monsoon desilting of main drains and nalas in all wards', 'सभी वार्डों में मुख्य नालों की मानसून-पूर्व उड़ाही'),
  news('Holding tax counter open on Saturday and Sunday this month', 'इस माह शनिवार और रविवार को होल्डिंग टैक्स काउंटर खुला रहेगा', 'दंड तिथि से पहले भुगतान में सहायता के लिए परिषद कार्यालय का काउंटर माह के अंत तक सप्ताहांत में सुबह 10 बजे से शाम 4 बजे तक खुला रहेगा।'),
  news('LED street lights switched on in Wards 14 to 18', 'वार्ड 14 से 18 में एलईडी स्ट्रीट लाइटें चालू', 'कॉलेज रोड और महावीर चौक क्षेत्र में 312 नई एलईडी लाइटें चालू की गईं। अंधेरे स्थानों की सूचना टोल-फ्री नंबर पर दी जा सकती है।'),
  news('Water supply to be interrupted in Ward 9 on Thursday', 'गुरुवार को वार्ड 9 में जलापूर्ति बाधित रहेगी', 'टंकी की सफ़ाई के कारण वार्ड 9 की ऊँची टंकी से पानी की आपूर्ति सुबह 10 बजे से शाम 4 बजे तक बंद रहेगी।'),
  news('Cleanliness drive at the vegetable mandi on Sunday', 'रविवार को सब्ज़ी मंडी में स्वच्छता अभियान', 'पार्षद, कर्मचारी और व्यापारी सुबह 7 बजे से मंडी और बस स्टैंड क्षेत्र की सफ़ाई करेंगे। निवासी भी शामिल हो सकते हैं।'),
  news('Birth and death certificates now issued within seven days', 'जन्म और मृत्यु प्रमाण पत्र अब सात दिनों में जारी', 'काउंटर या ऑनलाइन आवेदन किए गए प्रमाण पत्र अब आरटीपीएस अधिनियम के तहत सात कार्य दिवसों में जारी किए जाते हैं।'),
  press('Town joins hands for cleanliness drive at mandi', 'मंडी में स्वच्छता अभियान के लिए शहर एकजुट', 'सब्ज़ी मंडी और बस स्टैंड पर रविवार के स्वच्छता अभियान की खबर।'),
  press('Nagar Parishad extends tax counter hours', 'नगर परिषद ने टैक्स काउंटर का समय बढ़ाया', 'दंड तिथि से पहले होल्डिंग टैक्स काउंटर के सप्ताहांत में खुलने की खबर।'),
  press('New water tank to serve 1,200 homes in Ward 9', 'वार्ड 9 में नई पानी टंकी से 1,200 घरों को पानी', 'वार्ड 9 में ऊँची पानी टंकी के उद्घाटन की खबर।'),
  press('Plastic ban: flying squad fines 23 shops', 'प्लास्टिक प्रतिबंध: उड़न दस्ते ने 23 दुकानों पर जुर्माना लगाया', 'मुख्य बाज़ार में एकल-उपयोग प्लास्टिक प्रतिबंध लागू करने की खबर।'),
  { table: 'gallery', typePath: 'gallery', english: 'Swachhata Abhiyan - Cleanliness Drive', fields: { title: 'स्वच्छता अभियान' } },
  { table: 'gallery', typePath: 'gallery', english: 'Republic Day Flag Hoisting', fields: { title: 'गणतंत्र दिवस ध्वजारोहण' } },
];

/** The English column a field key is stored in, for the tables above. */
const COLUMNS: Record<string, string> = { title: 'title', description: 'description', tender_title: 'tender_title' };

/** Stores the Hindi texts of the demo records just inserted, each remembering the English it translates. */
export async function seedDemoHindi(trx: Db, at: string): Promise<void> {
  const untyped = trx as unknown as import('kysely').Kysely<any>;
  const rows: Record<string, unknown>[] = [];
  // One read per table and one insert in all: the seed runs inside the first start's time budget.
  for (const table of new Set(DEMO_HINDI.map((item) => item.table))) {
    const items = DEMO_HINDI.filter((item) => item.table === table);
    const titleColumn = table === 'tender' ? 'tender_title' : 'title';
    const stored = await untyped.selectFrom(table).selectAll().where(titleColumn, 'in', items.map((item) => item.english)).execute();
    for (const item of items) {
      for (const row of stored.filter((candidate) => candidate[titleColumn] === item.english)) {
        for (const [fieldKey, text] of Object.entries(item.fields)) {
          rows.push({
            type_path: item.typePath, record_id: row.id, field_key: fieldKey, lang: 'hi', text,
            source_hash: sourceHash(row[COLUMNS[fieldKey]]), updated_at: at, updated_by: 'seed',
          });
        }
      }
    }
  }
  if (rows.length > 0) await untyped.insertInto('content_translation').values(rows).execute();
}
