import type { APIRoute } from 'astro';
import { errorResponse, HttpError } from '../server/http';
import { demandNoticesPdf, noticeDate, wardProperties } from '../features/property-tax/demand-notice.server';
import { parsePropertyNumber, propertyByNumber } from '../features/property-tax/property-tax.server';
import { parseWard } from '../features/property-tax/reports.server';
import { reportLanguage } from '../features/property-tax/report-language';

/**
 * Demand notices as PDF, for admins and cashiers: ?number= one property's notice, ?ward= one PDF with a page
 * for every property of the ward that owes anything; ?lang=hi prints them in Hindi. The PDF is streamed as
 * it is written.
 */
export const GET: APIRoute = async ({ url }) => {
  const lang = reportLanguage(url.searchParams.get('lang'));
  const numberRaw = url.searchParams.get('number');
  const wardRaw = url.searchParams.get('ward');
  let body: ReadableStream<Uint8Array>;
  let name: string;
  if (numberRaw !== null) {
    const number = parsePropertyNumber(numberRaw);
    const property = number ? await propertyByNumber(number) : undefined;
    if (!property) return errorResponse(new HttpError(404, 'No property has this number.'));
    name = `demand-notice-${property.number}-${lang}.pdf`;
    body = demandNoticesPdf([property], lang, { onlyOwing: false, title: `Demand notice ${property.number}` });
  } else {
    const ward = parseWard(wardRaw);
    if (!ward) return errorResponse(new HttpError(400, 'Name a property (?number=) or a ward (?ward=).'));
    const properties = await wardProperties(ward);
    if (properties.length === 0) return errorResponse(new HttpError(404, 'No property is on record in this ward.'));
    name = `demand-notices-ward-${ward}-${noticeDate()}-${lang}.pdf`;
    body = demandNoticesPdf(properties, lang, { onlyOwing: true, title: `Demand notices, ward ${ward}` });
  }
  return new Response(body, { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"`, 'cache-control': 'no-store' } });
};
