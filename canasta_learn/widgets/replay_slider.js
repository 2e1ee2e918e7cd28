// ReplayViewer's step slider (anywidget): a native range input with an accessible name;
// the arrow keys anywhere in the viewer (not while typing) are sent to Python as {move: +1|-1}.
// The viewer takes the focus when clicked anywhere (tabindex -1: not a Tab stop), and ←/→ in
// it stop there: JupyterLab's command mode (←/→ move to the previous / next heading, scrolling
// the notebook) never sees them.


function isTyping(target) {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  return tag === "textarea" || tag === "select" || (tag === "input" && target.type !== "range");
}

function renderSlider({ model, el }) {
  const label = document.createElement("label");
  label.className = "cl-step-slider";
  const caption = document.createElement("span");
  caption.className = "cl-slider-caption";
  const input = document.createElement("input");
  input.type = "range";
  input.className = "cl-slider-input";
  const out = document.createElement("output");
  out.className = "cl-slider-readout";
  label.append(caption, input, out);
  el.append(label);
  const draw = () => {
    input.min = String(model.get("min"));
    input.max = String(model.get("max"));
    input.value = String(model.get("value"));
    caption.textContent = model.get("description");
    input.setAttribute("aria-label", model.get("aria_label"));
    input.setAttribute("aria-valuetext", `step ${model.get("value")} of ${model.get("max")}`);
    out.textContent = String(model.get("value"));
  };
  input.addEventListener("input", () => {
    model.set("value", Number(input.value));
    model.save_changes();
    out.textContent = input.value;
  });
  // The arrow keys step the replay from anywhere in the viewer (not while typing).
  const viewer = () => el.closest(".cl-replay-viewer");
  const onKey = (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;  // Alt+← is the browser's Back
    if (event.target === input) {
      event.stopPropagation();  // the range input steps itself
      return;
    }
    if (isTyping(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ move: event.key === "ArrowRight" ? 1 : -1 });
  };
  let attached = null;
  let tries = 0;
  const attach = () => {
    const root = viewer();
    if (root && root !== attached) {
      if (!root.hasAttribute("tabindex")) {
        root.setAttribute("tabindex", "-1");
        root.style.outline = "none";  // focused by a click only, never by Tab
      }
      root.addEventListener("keydown", onKey);
      attached = root;
    } else if (!root && tries++ < 600) {
      requestAnimationFrame(attach);  // not in the page yet
    }
  };
  attach();
  // As soon as the viewer is on screen the arrow keys step it, before anything in it has focus:
  // a key pressed outside every viewer, text field and code editor goes to the first viewer
  // on screen (one viewer steps, never two).
  const onScreen = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const onDocumentKey = (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (isTyping(target)) return;
    if (target && target.closest && target.closest(".cl-replay-viewer, .cm-editor, [contenteditable='true']")) return;
    const root = viewer();
    if (!root) return;
    const first = Array.from(document.querySelectorAll(".cl-replay-viewer")).find(onScreen);
    if (first !== root) return;
    event.preventDefault();
    model.send({ move: event.key === "ArrowRight" ? 1 : -1 });
  };
  document.addEventListener("keydown", onDocumentKey);
  draw();
  const names = ["change:value", "change:min", "change:max", "change:description", "change:aria_label"];
  for (const name of names) model.on(name, draw);
  return () => {
    for (const name of names) model.off(name, draw);
    if (attached) attached.removeEventListener("keydown", onKey);
    document.removeEventListener("keydown", onDocumentKey);
  };
}

export default { render: renderSlider };
