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
  /** Names the search results carry in English (groups by kind, date labels, lists by address), for the page's language. */
  groups: { notice: 'Notices', circular: 'Circulars', officeorder: 'Office Orders', tender: 'Tenders', latestnews: 'Latest News', 'press-release': 'Press Releases' } as Record<string, string>,
  dateLabels: { 'Issue date': 'Issue date', Published: 'Published', Posted: 'Posted', Released: 'Released' } as Record<string, string>,
  lists: { '/currenttender': 'Active Tenders', '/pasttender': 'Past Tenders' } as Record<string, string>,
  more: (group: string) => `More ${group.toLowerCase()} match; add a word to narrow the search, or see all`,
};
