// Keeps the page's address in step with an app's state (the score sheet):
// the query string the kernel sends replaces the address's own, so a reload
// (or a link copied from the address bar) brings the same state back.
function render({ model, el }) {
  const sync = () => {
    const query = model.get("query");
    if (!query) return;
    const url = new URL(window.location.href);
    url.search = "?" + query;
    window.history.replaceState(window.history.state, "", url.toString());
  };
  sync();
  model.on("change:query", sync);
  el.hidden = true;
}
export default { render };
