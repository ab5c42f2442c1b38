// Posts a form marked data-auto-submit as soon as the page loads (the hand-over to and from a payment
// gateway). Without JavaScript the form's own button does the same.
document.querySelector('form[data-auto-submit]')?.submit();
