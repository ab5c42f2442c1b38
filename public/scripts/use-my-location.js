// "Use my location" on the grievance form (src/features/grievance/LodgeFields.astro): the browser's position
// fills the hidden lat/long fields, and the ward it lies in (/api/Public/wards/at) is chosen in the list,
// which the citizen can still change. Without script, or without a location, the form is as it always was.
for (const box of document.querySelectorAll('[data-locate]')) {
  const form = box.closest('form');
  const ward = form && form.querySelector('select[name="ward"]');
  const status = box.querySelector('[data-locate-status]');
  const button = box.querySelector('button');
  if (!form || !ward || !status || !button || !('geolocation' in navigator)) continue;
  box.hidden = false;
  const field = (name) => form.querySelector(`input[name="${name}"]`);
  const done = (text) => {
    status.textContent = text || '';
    button.disabled = false;
  };
  button.addEventListener('click', () => {
    status.textContent = box.dataset.locating || '';
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const lat = coords.latitude.toFixed(6);
        const long = coords.longitude.toFixed(6);
        field('lat').value = lat;
        field('long').value = long;
        // The similar-reports list (similar-grievances.js) looks again once the point is known.
        form.dispatchEvent(new Event('located'));
        try {
          const res = await fetch(`/api/Public/wards/at?lat=${lat}&long=${long}`);
          const found = res.ok ? await res.json() : null;
          if (found && found.wardId) {
            ward.value = String(found.wardId);
            done((box.dataset.located || '').replace('{ward}', String(found.ward)));
          } else done(box.dataset.outside);
        } catch {
          done(box.dataset.failed);
        }
      },
      () => done(box.dataset.failed),
      { enableHighAccuracy: true, timeout: 20000, maximumAge: 60000 },
    );
  });
}
