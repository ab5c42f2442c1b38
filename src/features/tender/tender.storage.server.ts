import { contentStorage } from '../../server/content/storage';
import { slotSuffix, tenderType } from './tender.schema';
import { tenderListing } from './tender-closing.server';
import { openTenderFeedItems } from './tender.server';

/** The tender's wire names are its column names, but for the five documents. */
export const tenderStorage = contentStorage(tenderType, {
  table: 'tender',
  columns: {
    tender_no: 'tender_no',
    tender_title: 'tender_title',
    tender_discreption: 'tender_discreption',
    publish_date: 'publish_date',
    last_date_of_submission: 'last_date_of_submission',
    last_date_of_submission_time: 'last_date_of_submission_time',
    tender_title_2: 'tender_title_2',
    tender_title_3: 'tender_title_3',
    tender_title_4: 'tender_title_4',
    tender_title_5: 'tender_title_5',
    status: 'status',
  },
  files: {
    [`tender_document${slotSuffix(1)}`]: 'document_1_media_id',
    [`tender_document${slotSuffix(2)}`]: 'document_2_media_id',
    [`tender_document${slotSuffix(3)}`]: 'document_3_media_id',
    [`tender_document${slotSuffix(4)}`]: 'document_4_media_id',
    [`tender_document${slotSuffix(5)}`]: 'document_5_media_id',
  },
  orderBy: 'publish_date',
}, { searchListing: tenderListing, feedItems: openTenderFeedItems });
