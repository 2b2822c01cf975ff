// Runs before the bundle so that a reload shows the saved display settings from the first paint
// (no flash of the light theme). The key and format are those of src/lib/settings/settings-store.ts.
(() => {
  try {
    const stored = JSON.parse(localStorage.getItem('water-console-settings') || 'null');
    const settings = stored?.state;
    if (!settings) return;
    const root = document.documentElement;
    if (settings.darkMode === true) {
      root.dataset.theme = 'dark';
      root.style.colorScheme = 'dark';
    }
    if (typeof settings.theme === 'string' && /^#[0-9a-f]{6}$/i.test(settings.theme)) {
      root.style.setProperty('--water-primary', settings.theme);
    }
  } catch {
    // Unreadable storage: the defaults apply.
  }
})();
