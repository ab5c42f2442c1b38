// src/case-panels.ts: the staff panels services add to the one case page, by service id.
import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
export interface CasePanelProps { caseNumber: string; lang: 'en' | 'hi' }
export const staffCasePanels: Record<string, AstroComponentFactory> = {};

import GrievanceRedactPanel from './features/grievance/GrievanceRedactPanel.astro';
staffCasePanels.grievance = GrievanceRedactPanel;
import TradeLicencePanel from './features/trade-licence/TradeLicencePanel.astro';
staffCasePanels['trade-licence'] = TradeLicencePanel;
