import { endpoint, json } from '../../../../../../server/http';
import { applyOnce, readApplicationForm, typedFields } from '../../../../requests.server';

/**
 * POST /api/Public/trade-licence/applications (multipart: the form's fields, owners as owner1_name…, one
 * file per checklist document as doc_<code>, and the fee shown as feePaise): answers the application number.
 */
export const POST = endpoint(async (context) => {
  const form = await readApplicationForm(context);
  try {
    const number = await applyOnce(context, form, typedFields(form.fields), form.fields.get('lang') === 'hi' ? 'hi' : 'en', 'api');
    return json({ number }, 201, { location: `/tradelicense?applied=${encodeURIComponent(number)}` });
  } finally {
    await form.dispose();
  }
});
