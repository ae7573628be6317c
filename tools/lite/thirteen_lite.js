// "Try it live" (tools/lite/thirteen_lite.py): open the chapter's notebook in JupyterLite
// inside the page; the same button closes it again (which stops its Python).
document.addEventListener("click", function (event) {
  var button = event.target.closest ? event.target.closest(".rl-live-button") : null;
  if (!button) return;
  var box = button.closest(".rl-live");
  var frame = box.querySelector("iframe.rl-live-frame");
  if (frame) {
    frame.remove();
    button.textContent = "Try it live";
    button.setAttribute("aria-expanded", "false");
    return;
  }
  frame = document.createElement("iframe");
  frame.className = "rl-live-frame";
  frame.title = "Live notebook (JupyterLite)";
  frame.src = button.getAttribute("data-src");
  box.appendChild(frame);
  button.textContent = "Close the live notebook";
  button.setAttribute("aria-expanded", "true");
});
