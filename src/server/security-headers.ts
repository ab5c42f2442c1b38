/** Headers every answer carries, whether it comes from the page cache, a static file or Astro. */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  // The site uses no camera, microphone, payment or sensor, and lets no framed page use them. Location only
  // for its own pages (the grievance form's "use my location", asked when the citizen presses it).
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()',
  // A page that opens this site gets no handle on its window; popups it opens (a payment gateway's) keep theirs.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

/**
 * The policy of every SVG we serve (static, drawn or stored) and of every stored file: opened on its own, by
 * its address, an SVG or PDF with script inside runs nothing. An SVG is a document that may carry script, and
 * it would run with the site's origin; shown through <img>, the policy changes nothing.
 */
export const FILE_SANDBOX = { 'content-security-policy': 'sandbox' } as const;
