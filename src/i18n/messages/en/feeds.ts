/** The RSS feeds: each one's name, and the words of their channels and of the visible link on their pages. */
export const feeds = {
  names: {
    notice: 'Notices',
    tender: 'Active Tenders',
    latestnews: 'Latest News',
    pressrelease: 'Press Releases',
  },
  link: (feedName: string) => `RSS feed of ${feedName}`,
  channelDescription: (feedName: string, council: string) => `${feedName} published by ${council}.`,
  lastDateOfSubmission: 'Last date of submission:',
};
