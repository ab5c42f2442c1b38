import type { Messages } from '../../messages';

export const signin: Messages['signin'] = {
  title: 'लॉगिन',
  description: 'परिषद के कर्मचारियों के लिए साइन-इन।',
  intro: 'परिषद के कर्मचारियों के लिए। सूचनाएँ या निविदाएँ पढ़ने के लिए नागरिकों को खाते की आवश्यकता नहीं है।',
  formInEnglish: 'कर्मचारियों का साइन-इन फ़ॉर्म अंग्रेज़ी में है।',
  openForm: 'कर्मचारी साइन-इन फ़ॉर्म खोलें',
  citizensInstead: 'जिन नागरिकों ने शिकायत दर्ज की है, वे अपने मोबाइल नंबर से साइन-इन करें:',
  citizenSignIn: 'नागरिक लॉगिन',
};
