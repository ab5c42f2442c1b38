import type { Messages } from '../../messages';

export const feeds: Messages['feeds'] = {
  names: {
    notice: 'सूचनाएँ',
    tender: 'सक्रिय निविदाएँ',
    latestnews: 'ताज़ा समाचार',
    pressrelease: 'प्रेस विज्ञप्तियाँ',
  },
  link: (feedName: string) => `RSS फ़ीड: ${feedName}`,
  channelDescription: (feedName: string, council: string) => `${council} द्वारा प्रकाशित ${feedName}।`,
  lastDateOfSubmission: 'जमा करने की अंतिम तिथि:',
};
