// HtmlPane front end: show trusted HTML made by canasta_learn.render (already escaped).
// Unlike ipywidgets.HTML it does not run the math typesetter over the (large) table.
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "cl-pane";
  const draw = () => {
    box.innerHTML = model.get("value");
  };
  draw();
  el.append(box);
  model.on("change:value", draw);
  return () => model.off("change:value", draw);
}

export default { render };
