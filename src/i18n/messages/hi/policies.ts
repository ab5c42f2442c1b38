import type { Messages } from '../../messages';

export const policies: Messages['policies'] = {
  indexTitle: 'वेबसाइट नीतियाँ',
  indexDescription: 'वे नीतियाँ जिनके अंतर्गत यह पोर्टल प्रकाशित किया जाता है।',
  privacyTitle: 'गोपनीयता नीति',
  privacyDescription: 'नगर परिषद व्यक्तिगत जानकारी कैसे एकत्र करती है, उसका उपयोग कैसे करती है और उसकी सुरक्षा कैसे करती है।',
  contents: 'विषय-सूची',
  backToContents: 'विषय-सूची पर वापस जाएँ',
  lastReviewed: 'अंतिम समीक्षा:',
};
