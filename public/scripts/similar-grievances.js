// Similar reports on the grievance form (src/features/grievance/SimilarGrievances.astro): as soon as a category
// and a place (the located point, or the ward with a landmark) are chosen, the open grievances like it are
// asked of /api/Public/grievances/similar and listed, each with its "me too" button. Without script the server
// shows the same list when the form is sent.
for (const box of document.querySelectorAll('[data-similar]')) {
  const form = box.closest('form');
  const list = box.querySelector('[data-similar-list]');
  const template = box.querySelector('[data-similar-template]');
  const intro = box.querySelector('[data-similar-intro]');
  if (!form || !list || !template || !intro) continue;
  const states = JSON.parse(box.dataset.states || '{}');
  const value = (name) => (form.elements.namedItem(name) && form.elements.namedItem(name).value) || '';
  const count = (n) => (n === 0 ? box.dataset.countNone : n === 1 ? box.dataset.countOne : (box.dataset.countMany || '').replace('{n}', String(n)));
  // The site's one style of a grievance's date, as the server writes it (formatWhen): Indian time,
  // '27 Nov 2026, 12:07 AM' or '27 नवंबर 2026, 12:07 पूर्वाह्न', with the page's own words for it.
  const words = JSON.parse(box.dataset.dateWords || '{"months":[],"periods":["",""]}');
  const lodged = (iso) => {
    const at = new Date(Date.parse(iso) + 330 * 60_000);
    const hour = at.getUTCHours();
    const time = `${hour % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${words.periods[hour < 12 ? 0 : 1]}`;
    return `${at.getUTCDate()} ${words.months[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${time}`;
  };
  let asked = '';
  let pending = null;
  let timer = 0;

  const show = (items, byPoint) => {
    // The server's list (a sent form) stays until the script has an answer of its own.
    list.replaceChildren(
      ...items.map((item) => {
        const card = template.content.firstElementChild.cloneNode(true);
        const slot = (name) => card.querySelector(`[data-slot="${name}"]`);
        card.dataset.similarCard = item.number;
        slot('number').textContent = item.number;
        slot('state').textContent = states[item.state] || item.state;
        slot('ward').textContent = item.ward ? (box.dataset.wardWord || '').replace('{n}', item.ward) : '';
        slot('landmark').textContent = item.landmark;
        slot('lodged').textContent = lodged(item.lodgedAt);
        slot('count').textContent = count(item.meToo);
        if (item.photo) {
          slot('photo').src = item.photo;
          slot('photo').hidden = false;
          slot('nophoto').remove();
        }
        const button = slot('button');
        if (button) {
          button.value = item.number;
          button.setAttribute('aria-label', `${button.textContent}: ${item.number}`);
        }
        return card;
      }),
    );
    intro.textContent = byPoint ? box.dataset.introNear : box.dataset.introWard;
    box.hidden = items.length === 0;
  };

  const ask = async () => {
    const category = value('category');
    const lat = value('lat');
    const long = value('long');
    const ward = value('ward');
    const landmark = value('landmark').trim().slice(0, 200);
    const byPoint = Boolean(lat && long);
    if (!category || (!byPoint && !(ward && landmark))) return;
    const query = new URLSearchParams({ category, ...(byPoint ? { lat, long } : {}), ...(ward ? { ward } : {}), ...(landmark ? { landmark } : {}) }).toString();
    if (query === asked) return;
    asked = query;
    if (pending) pending.abort();
    pending = new AbortController();
    try {
      const res = await fetch(`/api/Public/grievances/similar?${query}`, { signal: pending.signal });
      if (res.ok) show((await res.json()).similar || [], byPoint);
    } catch {
      // An answer that did not come leaves the form as it is: the server still checks when it is sent.
    }
  };
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(ask, 400);
  };
  form.addEventListener('change', soon);
  form.addEventListener('located', soon);
  const landmark = form.elements.namedItem('landmark');
  if (landmark) landmark.addEventListener('input', soon);
  ask();
}
