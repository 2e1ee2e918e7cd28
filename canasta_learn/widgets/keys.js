// KeyShortcuts front end (anywidget ES module; no build step).
// Listens for single-letter keys on the play view it sits in (the closest `.cl-play-widget`)
// and clicks the button of that letter (the `shortcuts` traitlet: {"d": "cl-button-draw", ...}),
// unless the key is typed into a text field or list, or comes with Ctrl / Alt / Meta.
// A handled key stops there, so JupyterLab's command-mode shortcuts ("m", "d d") never see it.
// When nothing on the page has focus (a Voila page just opened), the keys go to the only play
// view on the page.

function render({ model, el }) {
  el.setAttribute("aria-hidden", "true");
  let root = null;

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target;
    if (target && (target.closest("input, textarea, select, [contenteditable='true']"))) return;
    const name = (model.get("shortcuts") || {})[event.key.toLowerCase()];
    if (!name) return;
    const button = root && root.querySelector("button." + name);
    if (!button || button.disabled || button.offsetParent === null) return;
    event.preventDefault();
    event.stopPropagation();
    button.click();
  }

  function onDocumentKey(event) {
    if (event.target !== document.body) return;
    if (document.querySelectorAll(".cl-play-widget").length !== 1) return;
    onKey(event);
  }

  let tries = 0;
  function attach() {
    root = el.closest(".cl-play-widget");
    if (!root) {
      if (tries++ < 600) requestAnimationFrame(attach);  // not in the page yet
      return;
    }
    root.addEventListener("keydown", onKey);
  }
  attach();
  document.addEventListener("keydown", onDocumentKey);
  return () => {
    if (root) root.removeEventListener("keydown", onKey);
    document.removeEventListener("keydown", onDocumentKey);
  };
}

export default { render };
