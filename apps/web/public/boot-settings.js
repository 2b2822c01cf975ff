// Runs before the bundle so that a reload shows the saved display settings from the first paint
// (no flash of the light theme). The key and format are those of src/lib/settings/settings-store.ts.
(() => {
  const root = document.documentElement;
  // The language as src/lib/language.ts picks it (the saved choice, else Chinese for a Chinese
  // browser): the static frame of the sign-in page (login.html) shows its texts in it.
  let language = null;
  try {
    language = localStorage.getItem('water-console-language');
  } catch {
    // Storage blocked: the browser's language decides.
  }
  if (language !== 'en' && language !== 'zh-CN') {
    const first = typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language])[0];
    language = first?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
  }
  root.lang = language;
  try {
    const stored = JSON.parse(localStorage.getItem('water-console-settings') || 'null');
    const settings = stored?.state;
    if (!settings) return;
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
