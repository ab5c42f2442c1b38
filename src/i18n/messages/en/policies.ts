/** The frame of the website policies, help and accessibility pages; their bodies are in src/features/policies. */
export const policies = {
  indexTitle: 'Website Policies',
  indexDescription: 'The policies under which this portal is published.',
  privacyTitle: 'Privacy Policy',
  privacyDescription: 'How the council collects, uses and protects personal information.',
  contents: 'Contents',
  backToContents: 'Back to contents',
  lastReviewed: 'Last reviewed:',
};
