import type { APIRoute } from 'astro';
import { errorResponse, HttpError } from '../../../server/http';
import { publicLicence } from '../../../features/trade-licence/licence.server';
import { certificatePdf } from '../../../features/trade-licence/certificate-pdf.server';

/** A licence's certificate as PDF, at /tradelicense/certificate/{licence number}.pdf: public facts only, its state as of now. */
export const GET: APIRoute = async ({ params }) => {
  // Upper-cased first (a number typed in small letters is the same licence), so the extension is matched as .PDF.
  const match = /^([A-Z0-9-]{10,40})\.PDF$/.exec(String(params.file ?? '').toUpperCase());
  const licence = match ? await publicLicence(match[1]) : null;
  if (!licence) return errorResponse(new HttpError(404, 'Not found.'));
  const pdf = await certificatePdf(licence);
  return new Response(new Uint8Array(pdf), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${licence.number}.pdf"`, 'cache-control': 'no-store' },
  });
};
