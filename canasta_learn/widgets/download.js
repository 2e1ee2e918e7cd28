// SaveDownload front end (anywidget ES module; no build step).
// The kernel sends {filename, content} when Save has written the game record; on a Voila page
// (its <body> has data-voila) the browser then downloads that JSON under that file name, as the
// download link beside Save would. In JupyterLab the file is already next to the notebook, so
// nothing is downloaded there. Registered once per model (initialize), so a widget shown twice
// still downloads once.

function initialize({ model }) {
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "download") return;
    if (!document.body || document.body.dataset.voila === undefined) return;
    const blob = new Blob([msg.content], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = msg.filename;
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
}

function render({ el }) {
  el.setAttribute("aria-hidden", "true");
}

export default { initialize, render };
