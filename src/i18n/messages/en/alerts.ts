/** The alert banner above the public header: the words around an alert's own text. */
export const alerts = {
  /** The level as the banner names it, before the alert's text. */
  levels: { info: 'Information', warning: 'Warning', danger: 'Urgent' },
  region: (level: string) => `Site alert: ${level}`,
  details: 'Details',
  dismiss: 'Dismiss this alert',
};
