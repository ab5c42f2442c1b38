/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    session: import('./server/auth/session').Session | null;
    /** Set by the public layout: this answer is the same for every anonymous visitor and may be cached. */
    publicPage?: boolean;
  }
}
