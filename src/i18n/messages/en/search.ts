/** The search page's frame; the results' titles and snippets are the documents' own text. */
export const search = {
  title: 'Search',
  resultsFor: (query: string) => `Search results for "${query}"`,
  description: "Search the council's notices, circulars, office orders, tenders, latest news and press releases, in English and Hindi.",
  hint: (min: number) => `Type at least ${min} letters of a word, in English or Hindi, from the title or description of a notice, circular, office order, tender, news item or press release.`,
  tooShort: (min: number) => `Please type at least ${min} characters to search.`,
  noResults: (query: string) => `No results found for "${query}". Try another word, or browse the`,
  notices: 'notices',
  and: 'and',
  tenders: 'tenders',
  count: (n: number, query: string) => `${n} ${n === 1 ? 'result' : 'results'} for "${query}"`,
  listedIn: 'Listed in',
  download: 'Download Document',
  /** The results' groups by kind, what their dates are, and the lists they appear in: the codes of search.server.ts. */
  groups: { notice: 'Notices', circular: 'Circulars', officeorder: 'Office Orders', tender: 'Tenders', 'latest-news': 'Latest News', 'press-release': 'Press Releases' },
  dateLabels: { issued: 'Issue date', published: 'Published', posted: 'Posted', released: 'Released' },
  lists: { 'active-tender': 'Active Tenders', 'past-tender': 'Past Tenders' },
  more: (group: string) => `More ${group.toLowerCase()} match; add a word to narrow the search, or see all`,
};
