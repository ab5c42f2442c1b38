import type { Messages } from '../../messages';
import { frame } from './frame';
import { home } from './home';
import { directory } from './directory';
import { documents } from './documents';
import { tenders } from './tenders';
import { gallery } from './gallery';
import { contact } from './contact';
import { holidays } from './holidays';
import { services } from './services';
import { grievance } from './grievance';
import { search } from './search';
import { errors } from './errors';
import { feedback } from './feedback';
import { feeds } from './feeds';
import { footer } from './footer';
import { policies } from './policies';
import { sitemap } from './sitemap';
import { archive } from './archive';
import { alerts } from './alerts';
import { citizen } from './citizen';
import { grievanceMessages } from './grievance-messages';
import { propertyTax } from './property-tax';
import { signin } from './signin';
import { taxReports } from './tax-reports';
import { caseDesk } from './case-desk';
import { tradeLicenceMessages } from './trade-licence-messages';
import { tradeLicence } from './trade-licence';
// Ward boundaries and the map of a point.
import { wards } from './wards';
// Alerts for a ward.
import { wardAlerts } from './ward-alerts';
// What the public forms' checks say when they refuse.
import { refusals } from './refusals';
// Online payments to give back, for admins.
import { paymentExceptions } from './payment-exceptions';
// The back office's roles, named and explained (the help page, the staff accounts screen).
import { staffRoles } from './staff-roles';
// What staff are told of work given them, and a payer of a returned cheque.
import { notices } from './notices';
// Finding a property on the register, a ward's demand notices, and the audit log's filters.
import { registerSearch } from './register-search';
import { auditLog } from './audit-log';
// The council's identity: its settings, its first setup.
import { council } from './council';
// The state console's screens, on the state's host.
import { stateConsole } from './state-console';

export const hi: Messages = { frame, home, directory, documents, tenders, gallery, contact, holidays, services, grievance, search, errors, footer, policies, feedback, sitemap, feeds, archive, alerts, citizen, grievanceMessages, propertyTax, signin, taxReports, caseDesk, tradeLicenceMessages, tradeLicence, wards, wardAlerts, refusals, paymentExceptions, registerSearch, auditLog, notices, staffRoles, council, stateConsole };
