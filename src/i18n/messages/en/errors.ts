/** The page for an address that leads nowhere. */
export const errors = {
  notFound: 'Page Not Found',
  notFoundDescription: 'The page you asked for does not exist on this site.',
  notFoundText: 'The page you were looking for does not exist, or it has moved. Check the address, use the menu or the search box above, or start again from the home page.',
  backHome: 'Go Back To Home',
};
