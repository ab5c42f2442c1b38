import { councilIdentity } from '../../server/council/identity';
import { councilLogoPng } from '../../server/council/logo';
import type { CouncilIdentity } from '../../lib/council';
import type { Doc } from './receipt-pdf.server';

/**
 * What heads every document the council issues (receipts, licence certificates, demand notices): its names,
 * address and logo, from its identity when the document is drawn.
 */
export interface Letterhead {
  council: CouncilIdentity;
  logo: Buffer | null;
}

export async function letterhead(): Promise<Letterhead> {
  const council = await councilIdentity();
  return { council, logo: await councilLogoPng(council) };
}

/** What a kept document's version must change with: a new name, address or logo draws it anew. */
export function letterheadVersion(head: Letterhead): string {
  return `${head.council.updatedAt}:${head.council.logo?.sha256 ?? ''}`;
}

/** Draws the logo (when there is one) at the top left; answers where the text beside it starts. */
export function drawLogo(doc: Doc, head: Letterhead, x: number, y: number, size: number): number {
  if (!head.logo) return x;
  doc.image(head.logo, x, y, { fit: [size, size] });
  return x + size + 10;
}
