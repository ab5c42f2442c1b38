import type { APIRoute } from 'astro';
import { errorResponse, HttpError } from '../../../../../server/http';
import { publicLicence } from '../../../licence.server';
import { certificateEtag, licenceCertificate } from '../../../certificate-store.server';

/**
 * A licence's certificate as PDF, at /tradelicense/certificate/{licence number}.pdf: public facts only, its
 * state as of now. Drawn once for each state of the licence and kept (certificate-store.server.ts); its ETag
 * names that state, so a browser that has it already is answered 304 without a byte of PDF.
 */
export const GET: APIRoute = async ({ params, request }) => {
  // Upper-cased first (a number typed in small letters is the same licence), so the extension is matched as .PDF.
  const match = /^([A-Z0-9-]{10,40})\.PDF$/.exec(String(params.file ?? '').toUpperCase());
  const licence = match ? await publicLicence(match[1]) : null;
  if (!licence) return errorResponse(new HttpError(404, 'Not found.'));
  // Public, like the licence number it is found by; a copy kept on the way is asked about again every time.
  const caching = { 'cache-control': 'public, max-age=0, must-revalidate' };
  const etag = await certificateEtag(licence);
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { ...caching, etag } });
  const pdf = await licenceCertificate(licence);
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'content-type': 'application/pdf', 'content-disposition': `inline; filename="${licence.number}.pdf"`, ...caching, etag: pdf.etag,
      'x-made-file': pdf.stored ? 'stored' : 'made',
    },
  });
};
