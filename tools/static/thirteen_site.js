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
//    they are hidden from assistive technology, and each button is named by its
//    content (its words, in a visually hidden span where it shows none).
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
    // the name then comes from the content: the words, not the glyphs
    for (const button of document.querySelectorAll(".theme-switch-button, .search-button-field")) {
      const name = button.getAttribute("aria-label");
      if (!name) continue;
      button.removeAttribute("aria-label");
      if (!button.querySelector(".rl-name")) {
        const words = document.createElement("span");
        words.className = "rl-name visually-hidden";
        words.textContent = name;
        if (!button.textContent.trim().startsWith(name)) button.prepend(words);
      }
    }
  }

  function foldNamedByItsWords() {
    // MyST-NB's fold of a cell's code: named "Toggle hidden content", it shows
    // "Show code cell source"; named by its content, it says what it shows
    for (const summary of document.querySelectorAll("details > summary[aria-label]")) {
      if (summary.textContent.trim()) summary.removeAttribute("aria-label");
    }
  }

  function mend() {
    foldNamedByItsWords();
    forwardToggles();
    decorationOnly();
  }

  if (document.readyState !== "loading") mend();
  else document.addEventListener("DOMContentLoaded", mend);
})();
