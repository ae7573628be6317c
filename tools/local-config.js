// Loaded on widget pages after require.js and before html-manager/embed-amd.js:
// the widget manager and its fonts come from this site, not from a CDN.
(function () {
  var base = document.currentScript.src.replace(/[^\/]*$/, "");  // .../_static/widgets/
  window.__jupyter_widgets_assets_path__ = base + "html-manager/";
  // The widget modules are named AMD modules; each one finds its font files
  // next to the URL requirejs gives its name, so map the names here.
  window.requirejs.config({ paths: {
    "@jupyter-widgets": base + "html-manager",
    "@jupyter-widgets/html-manager/dist": base + "html-manager",
    // anywidget's front end (an anonymous AMD module): html-manager asks require.js
    // for "anywidget" before it would try a CDN. Each widget's own code (_esm) travels
    // in the page's widget state.
    "anywidget": base + "anywidget/index",
  } });
})();
