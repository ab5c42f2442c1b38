import type { Messages } from '../../messages';

export const alerts: Messages['alerts'] = {
  levels: { info: 'सूचना', warning: 'चेतावनी', danger: 'अति आवश्यक' },
  region: (level: string) => `साइट अलर्ट: ${level}`,
  details: 'विवरण',
  dismiss: 'यह अलर्ट बंद करें',
};
