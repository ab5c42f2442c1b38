import { open311Route } from '../../features/grievance/open311.server';

/**
 * Every address under /open311/, whatever the method: Open311's calls, and the specification's error
 * document (in the format the extension names) for any other address or method, never the site's HTML page.
 */
export const ALL = open311Route;
