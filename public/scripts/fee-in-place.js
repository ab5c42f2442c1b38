// The trade licence form's "Work out the fee": without script the form's GET reloads the page and its address
// ends at the answer (#fee), so the page opens where the fee is. With this script the same page is fetched
// and only what the fee's answers change is put in place: the answer, the fee the application carries, the
// application's own answers to the fee's questions and, when the trade or kind asks for other papers, the
// documents' list. The visitor stays where they are; a failed fetch falls back to the plain form's reload.
(() => {
  const feeForm = document.querySelector('form[data-fee-form]');
  const result = document.querySelector('[data-fee-result]');
  if (!feeForm || !result || !window.fetch || !window.DOMParser) return;
  /** The fee form's fields and the application's fields that answer the same question. */
  const SAME = { tradeType: 'tradeType', structure: 'structureSubType', kind: 'licenceType', area: 'areaSqft', employees: 'employees', financialYear: 'financialYear' };

  feeForm.addEventListener('submit', async (event) => {
    if (!feeForm.checkValidity()) return;
    event.preventDefault();
    const address = new URL(feeForm.action, location.href);
    address.search = new URLSearchParams(new FormData(feeForm)).toString();
    address.hash = '';
    const button = feeForm.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    try {
      const answer = await fetch(address, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!answer.ok) throw new Error(String(answer.status));
      const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
      const fresh = page.querySelector('[data-fee-result]');
      if (!fresh) throw new Error('no fee in the answer');
      result.innerHTML = fresh.innerHTML;
      const application = document.querySelector('form.trade-form');
      const freshApplication = page.querySelector('form.trade-form');
      if (application && freshApplication) {
        const fee = application.querySelector('input[name="feePaise"]');
        const freshFee = freshApplication.querySelector('input[name="feePaise"]');
        if (fee && freshFee) fee.value = freshFee.value;
        for (const [asked, answered] of Object.entries(SAME)) {
          const from = feeForm.elements.namedItem(asked);
          const to = application.elements.namedItem(answered);
          if (from && to && 'value' in to) to.value = from.value;
        }
        // Files already chosen stay chosen unless the list of documents itself changed.
        const documents = application.querySelector('[data-documents]');
        const freshDocuments = freshApplication.querySelector('[data-documents]');
        if (documents && freshDocuments && documents.dataset.documents !== freshDocuments.dataset.documents) documents.replaceWith(document.importNode(freshDocuments, true));
      }
      history.replaceState(history.state, '', address.pathname + address.search);
    } catch {
      feeForm.submit();
    } finally {
      if (button) button.disabled = false;
    }
  });
})();
