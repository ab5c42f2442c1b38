import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
import GrievanceRedactPanel from './features/grievance/GrievanceRedactPanel.astro';
import TradeLicencePanel from './features/trade-licence/TradeLicencePanel.astro';

/**
 * The staff panels services add to the one case page (src/pages/cases/[number].astro), by service name. Astro
 * components, so listed here on the pages' side rather than in the modules the Node entry also loads.
 */
export interface CasePanelProps { caseNumber: string; lang: 'en' | 'hi' }
export const staffCasePanels: Readonly<Record<string, AstroComponentFactory>> = {
  grievance: GrievanceRedactPanel,
  'trade-licence': TradeLicencePanel,
};
