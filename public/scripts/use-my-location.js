// "Use my location" on the grievance form (src/features/grievance/LodgeFields.astro): the browser's position
// fills the hidden lat/long fields, and the ward it lies in (/api/Public/wards/at) is chosen in the list,
// which the citizen can still change. Without script, or without a location, the form is as it always was.
// When the site has a tile server, the answer also lays out a small map of the point (src/features/wards/tile-map.ts),
// drawn here into the frame the page holds for it, the marker at its middle.
for (const box of document.querySelectorAll('[data-locate]')) {
  const form = box.closest('form');
  const ward = form && form.querySelector('select[name="ward"]');
  const status = box.querySelector('[data-locate-status]');
  const button = box.querySelector('button');
  if (!form || !ward || !status || !button || !('geolocation' in navigator)) continue;
  box.hidden = false;
  const field = (name) => form.querySelector(`input[name="${name}"]`);
  const map = box.querySelector('[data-locate-map]');
  const showMap = (layout, lat, long) => {
    if (!map || !layout || !Array.isArray(layout.tiles)) return;
    const view = map.querySelector('.point-map-view');
    for (const old of view.querySelectorAll('img')) old.remove();
    for (const tile of layout.tiles) {
      const img = document.createElement('img');
      Object.assign(img, { src: tile.src, alt: '', width: 256, height: 256, referrerPolicy: 'no-referrer' });
      img.style.left = `calc(50% + ${Number(tile.left)}px)`;
      img.style.top = `calc(50% + ${Number(tile.top)}px)`;
      view.prepend(img);
    }
    view.setAttribute('aria-label', (view.dataset.label || '').replace('{lat}', lat).replace('{long}', long));
    map.hidden = false;
  };
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
          if (found) showMap(found.map, lat, long);
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
