// The theme's own controls, mended where the book can (loaded on every page).
//
// 1. The phone menus.  pydata-sphinx-theme 0.17 binds its narrow-screen dialogs
//    to the FIRST ".primary-toggle" / ".secondary-toggle" of the page, the
//    header's; sphinx-book-theme draws a second pair in the article's header,
//    the one a phone shows, which then does nothing but show its tooltip
//    (pydata-sphinx-theme issue 2451).  A press on a toggle the theme left
//    unbound, while the bound one is hidden, presses the bound one.
// 2. Accessible names.  The colour-mode button is named "Color mode" while its
//    visible content is three icon glyphs, and the search button "Search" while
//    it shows "Search Ctrl+K": the glyphs and the key hint are decoration, so
//    they are hidden from assistive technology and the names match what shows.
(function () {
  function forwardToggles() {
    for (const name of ["primary-toggle", "secondary-toggle"]) {
      const [bound, ...others] = document.querySelectorAll("." + name);
      if (!bound) continue;
      for (const button of others) {
        button.addEventListener("click", (event) => {
          if (bound.offsetParent !== null) return; // the theme's own button shows: it works
          event.preventDefault();
          event.stopPropagation();
          bound.click();
        });
      }
    }
  }

  function decorationOnly() {
    const glyphs = ".theme-switch-button i, .search-button__kbd-shortcut, .search-button-field i";
    for (const el of document.querySelectorAll(glyphs)) el.setAttribute("aria-hidden", "true");
  }

  function mend() {
    forwardToggles();
    decorationOnly();
  }

  if (document.readyState !== "loading") mend();
  else document.addEventListener("DOMContentLoaded", mend);
})();
