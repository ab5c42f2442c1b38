/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    session: import('./server/auth/session').Session | null;
    /** The signed-in citizen, resolved only on citizen routes (src/features/citizen); null or absent elsewhere. */
    citizen?: import('./features/citizen/citizen-session.server').CitizenSession | null;
    /** Set by the Node entry: the council the request's host chose (src/server/council-context.ts). */
    council?: import('./server/council-context').Council;
    /** Set by the Node entry: the caller's address and scheme, from the socket and any trusted proxies. */
    client?: import('./server/request-origin').RequestClient;
    /** Set by the public layout: this answer is the same for every anonymous visitor and may be cached. */
    publicPage?: boolean;
    /** The page's language: 'hi' for an address under /hi, set by the Node entry; 'en' otherwise. */
    lang: import('./i18n/lang').Lang;
    /**
     * Set by the Node entry when a Hindi address leads nowhere and the not-found page renders in its place:
     * the English path (and query) that was asked for, so the language switch and the display controls lead
     * to that address, not to /404.
     */
    missingPath?: string;
    /**
     * Set by a page whose own text has a date ('YYYY-MM-DD', a policy's last review): the footer's "Last
     * updated" is then no older than it. See src/server/last-updated.ts.
     */
    fixedTextDate?: string;
    /** Set by the Node entry on the state's host: the request is for the state console, outside every council. */
    stateConsole?: boolean;
    /** The state administrator signed in on the state console, or null (src/server/councils/state-auth.ts). */
    stateAdmin?: import('./server/councils/state-auth').StateAdmin | null;
    /** The access declaration of the route that matched (src/server/route-table.ts), set by the middleware. */
    route?: import('./server/route-table').RouteDeclaration;
  }
}
