/** A policy or help page as data: the page renders it with a contents list and numbered sections. */
export interface PolicySection {
  id: string;
  title: string;
  paragraphs: string[];
  points?: string[];
}

export interface PolicyDocument {
  title: string;
  /** One sentence for search engines and the policies index. */
  description: string;
  lead: string;
  sections: PolicySection[];
}
