import type { Migration } from 'kysely';
import * as initial from './2026-11-22-0001-initial';
import * as mediaVariants from './2026-11-22-0002-media-variants';
import * as auditThrottleVersion from './2026-11-22-0003-audit-throttle-version';
import * as sliderCaption from './2026-11-23-0001-slider-caption';
import * as knownSignInAddress from './2026-11-23-0004-known-sign-in-address';
import * as tableVersions from './2026-11-23-0005-table-versions';
import * as feedback from './2026-11-23-0006-feedback';
import * as grievanceWorkflow from './2026-11-23-0010-grievance-workflow';
import * as contentLifecycle from './2026-11-24-0001-content-lifecycle';
import * as contentRevisions from './2026-11-24-0010-content-revisions';
import * as siteAlerts from './2026-11-24-0011-site-alerts';
import * as tableVersionChangedAt from './2026-11-24-0020-table-version-changed-at';
import * as contentTranslation from './2026-11-24-0030-content-translation';
import * as searchIndex from './2026-11-24-0031-search-index';
import * as dropKnownSignInAddress from './2026-11-25-0001-drop-known-sign-in-address';
import * as formSubmission from './2026-11-25-0010-form-submission';
import * as eventVisibility from './2026-11-25-0011-event-visibility';
import * as citizenSignIn from './2026-11-25-0012-citizen-sign-in';
import * as outboxAndJobs from './2026-11-25-0013-outbox-and-jobs';
import * as cases from './2026-11-26-0010-cases';
import * as payments from './2026-11-26-0020-payments';
import * as propertyTax from './2026-11-26-0021-property-tax';
import * as staffAccounts from './2026-11-26-0030-staff-accounts';
import * as grievancesOnKernel from './2026-11-26-0100-grievances-on-kernel';
import * as staffNames from './2026-11-26-0201-staff-names';
import * as auditLabel from './2026-11-27-0400-audit-label';
import * as categoryHindiName from './2026-11-27-0500-category-hindi-name';
import * as videoGallery from './2026-11-28-0200-video-gallery';
import * as receiptByTransaction from './2026-11-28-0300-receipt-by-transaction';
import * as caseDrafts from './2026-11-26-0202-case-drafts';
import * as tradeLicence from './2026-11-26-0401-trade-licence';
import * as wardBoundaries from './2026-11-26-1201-ward-boundaries';
import * as caseSupporters from './2026-11-27-0100-case-supporters';
import * as wardAlerts from './2026-11-27-0200-ward-alerts';
import * as hindiNames from './2026-11-29-0200-hindi-names';
import * as propertyWardCodes from './2026-11-30-0001-property-ward-codes';
import * as sessionAbsoluteEnd from './2026-11-30-0002-session-absolute-end';
import * as paymentRefunds from './2026-11-30-01-payment-refunds';
import * as simulatorPaymentFields from './2026-11-30-02-simulator-payment-fields';
import * as privateMedia from './2026-11-30-03-private-media';
import * as attemptGate from './2026-11-30-04-attempt-gate';
import * as demoRecipient from './2026-11-30-04-demo-recipient';
import * as contactConsent from './2026-11-30-05-contact-consent';
import * as wardRingWinding from './2026-11-30-06-ward-ring-winding';
import * as caseEventTime from './2026-11-30-08-case-event-time';
import * as auditLogPerson from './2026-11-30-12-audit-log-person';
import * as passwordChosen from './2026-11-30-15-password-chosen';
import * as keptFormFiles from './2026-11-30-17-kept-form-files';
import * as wardLocalities from './2026-11-30-17-ward-localities';
import * as councilIdentity from './2026-11-30-cd-council-identity';
import * as numberCounters from './2026-11-30-nu-number-counters';
import * as chequeScans from './2026-11-30-pf-cheque-scans';
import * as sentOnce from './2026-11-30-pw-sent-once';
import * as lastSignIn from './2026-11-30-sc-last-sign-in';
import * as water from './2026-11-30-wa-water';

/** Every migration in the order it runs. A listed migration is never edited again; add a new one. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-initial': initial,
  '2026-11-22-0002-media-variants': mediaVariants,
  '2026-11-22-0003-audit-throttle-version': auditThrottleVersion,
  '2026-11-23-0001-slider-caption': sliderCaption,
  '2026-11-23-0004-known-sign-in-address': knownSignInAddress,
  '2026-11-23-0005-table-versions': tableVersions,
  '2026-11-23-0006-feedback': feedback,
  '2026-11-23-0010-grievance-workflow': grievanceWorkflow,
  '2026-11-24-0001-content-lifecycle': contentLifecycle,
  '2026-11-24-0010-content-revisions': contentRevisions,
  '2026-11-24-0011-site-alerts': siteAlerts,
  '2026-11-24-0020-table-version-changed-at': tableVersionChangedAt,
  '2026-11-24-0030-content-translation': contentTranslation,
  '2026-11-24-0031-search-index': searchIndex,
  '2026-11-25-0001-drop-known-sign-in-address': dropKnownSignInAddress,
  '2026-11-25-0010-form-submission': formSubmission,
  '2026-11-25-0011-event-visibility': eventVisibility,
  '2026-11-25-0012-citizen-sign-in': citizenSignIn,
  '2026-11-25-0013-outbox-and-jobs': outboxAndJobs,
  '2026-11-26-0010-cases': cases,
  '2026-11-26-0020-payments': payments,
  '2026-11-26-0021-property-tax': propertyTax,
  '2026-11-26-0030-staff-accounts': staffAccounts,
  '2026-11-26-0100-grievances-on-kernel': grievancesOnKernel,
  '2026-11-26-0201-staff-names': staffNames,
  '2026-11-26-0202-case-drafts': caseDrafts,
  '2026-11-26-0401-trade-licence': tradeLicence,
  '2026-11-26-1201-ward-boundaries': wardBoundaries,
  '2026-11-27-0100-case-supporters': caseSupporters,
  '2026-11-27-0200-ward-alerts': wardAlerts,
  '2026-11-27-0400-audit-label': auditLabel,
  '2026-11-27-0500-category-hindi-name': categoryHindiName,
  '2026-11-28-0200-video-gallery': videoGallery,
  '2026-11-28-0300-receipt-by-transaction': receiptByTransaction,
  '2026-11-29-0200-hindi-names': hindiNames,
  '2026-11-30-0001-property-ward-codes': propertyWardCodes,
  '2026-11-30-0002-session-absolute-end': sessionAbsoluteEnd,
  '2026-11-30-01-payment-refunds': paymentRefunds,
  '2026-11-30-02-simulator-payment-fields': simulatorPaymentFields,
  '2026-11-30-03-private-media': privateMedia,
  '2026-11-30-04-attempt-gate': attemptGate,
  '2026-11-30-04-demo-recipient': demoRecipient,
  '2026-11-30-05-contact-consent': contactConsent,
  '2026-11-30-06-ward-ring-winding': wardRingWinding,
  '2026-11-30-08-case-event-time': caseEventTime,
  '2026-11-30-12-audit-log-person': auditLogPerson,
  '2026-11-30-15-password-chosen': passwordChosen,
  '2026-11-30-17-kept-form-files': keptFormFiles,
  '2026-11-30-17-ward-localities': wardLocalities,
  '2026-11-30-cd-council-identity': councilIdentity,
  '2026-11-30-nu-number-counters': numberCounters,
  '2026-11-30-pf-cheque-scans': chequeScans,
  '2026-11-30-pw-sent-once': sentOnce,
  '2026-11-30-sc-last-sign-in': lastSignIn,
  '2026-11-30-wa-water': water,
};
