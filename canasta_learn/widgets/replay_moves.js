// ReplayViewer's move list (anywidget): a click on an item [data-step] is sent to Python as
// {go: step}; Python redraws the list.

function renderMoves({ model, el }) {
  const box = document.createElement("div");
  box.className = "cl-moves-pane";
  const draw = () => {
    box.innerHTML = model.get("value");
  };
  box.addEventListener("click", (event) => {
    const item = event.target.closest("[data-step]");
    if (item) model.send({ go: Number(item.dataset.step) });
  });
  draw();
  el.append(box);
  model.on("change:value", draw);
  return () => model.off("change:value", draw);
}

export default { render: renderMoves };
