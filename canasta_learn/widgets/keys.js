// KeyShortcuts front end (anywidget ES module; no build step).
// Listens for keys on the play view it sits in (the closest `.cl-play-widget`) and clicks the
// button of a single letter (the `shortcuts` traitlet: {"d": "cl-button-draw", ...}), unless the
// key is typed into a text field or list, or comes with Ctrl / Alt / Meta.
//
// While the play view has focus, its keys are its own: every key without Ctrl / Alt / Meta
// stops at the play view, handled or not, so JupyterLab's command-mode shortcuts never see it
// ("d d" deletes a cell, "m" makes it Markdown, "x" cuts it, "b" adds one, the arrow keys move
// to another cell). Ctrl / Alt / Meta shortcuts (Ctrl+S saves the notebook) still reach
// JupyterLab. Escape leaves the play view: the focus goes back to its notebook cell, where
// JupyterLab's keys work again (on a Voila page the focus goes back to the page).
// The play view itself takes the focus when clicked anywhere (tabindex -1: not a Tab stop), so
// a click on the table or a message, not only on a card or a button, gives it the keys.
// When nothing on the page has focus (a Voila page just opened), the letters go to the only
// play view on the page.

function render({ model, el }) {
  el.setAttribute("aria-hidden", "true");
  let root = null;

  function press(event) {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable='true']")) return;
    const name = (model.get("shortcuts") || {})[event.key.toLowerCase()];
    if (!name) return;
    const button = root && root.querySelector("button." + name);
    if (!button || button.disabled || button.offsetParent === null) return;
    event.preventDefault();
    button.click();
  }

  function leave() {
    const cell = root.closest(".jp-Cell");
    if (cell) {
      cell.focus({ preventScroll: true });
    } else if (document.activeElement && root.contains(document.activeElement)) {
      document.activeElement.blur();
    }
  }

  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;  // the page's own shortcuts
    event.stopPropagation();  // the play view's keys are its own while it has focus
    if (event.key === "Escape") {
      event.preventDefault();
      leave();
      return;
    }
    press(event);
  }

  function onDocumentKey(event) {
    if (event.target !== document.body) return;
    if (document.querySelectorAll(".cl-play-widget").length !== 1) return;
    press(event);
  }

  let tries = 0;
  function attach() {
    root = el.closest(".cl-play-widget");
    if (!root) {
      if (tries++ < 600) requestAnimationFrame(attach);  // not in the page yet
      return;
    }
    if (!root.hasAttribute("tabindex")) {
      root.setAttribute("tabindex", "-1");
      root.style.outline = "none";  // focused by a click only, never by Tab
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
