// HandWidget front end (anywidget ES module; no build step).
// The card pictures arrive as SVG text made in Python; this module lays them out, keeps
// aria-pressed in step with the model's selected_ids, and reports clicks and key presses.
//
// A card clicked goes to the kernel as a message ("toggle"), never as a change of
// selected_ids: ipywidgets holds a widget's state change until the kernel has handled the
// widget's previous one, while a button's click (a message of the button's widget) goes at
// once, so two cards picked and a button pressed within milliseconds reached the kernel as
// first card, button, second card. Messages of all widgets reach the kernel in the order sent.
// Python toggles the card in selected_ids (which comes back as a state change) and answers
// "toggled" with the toggle's number; until the answer to its last toggle a view shows its own
// selection, so that an older selection coming back cannot undo a newer click.

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

// The words shown, in the widget's language (the `words` traitlet, made by Python's gettext);
// English when none are given. A count's forms are for 0, 1 and 2 or more.
const ENGLISH = {
  sort_cards: "Sort cards", sort: "Sort:", by_rank: "by rank", by_suit: "by suit", cards: "Cards",
  caption: ["{label}: {count} cards", "{label}: {count} card", "{label}: {count} cards"],
  selected: ["{count} selected", "{count} selected", "{count} selected"],
  new: "{name} (new)",
};

function word(model, key) {
  const words = model.get("words") || {};
  return words[key] !== undefined ? words[key] : ENGLISH[key];
}

function counted(model, key, count, label) {
  const forms = word(model, key);
  const text = forms[Math.min(count, 2)];
  return text.replace("{count}", String(count)).replace("{label}", label);
}

function render({ model, el: root }) {
  const box = el("div", { class: "cl-hand" });
  const bar = el("div", { class: "cl-hand-bar" });
  const caption = el("span", { class: "cl-hand-caption", "aria-live": "polite" });
  const sortGroup = el("span", { class: "cl-hand-sort", role: "group", "aria-label": word(model, "sort_cards") });
  const sortLabel = el("span", { class: "cl-hand-sort-label" }, word(model, "sort"));
  const byRank = el("button", { type: "button", class: "cl-sort-button cl-sort-rank" }, word(model, "by_rank"));
  const bySuit = el("button", { type: "button", class: "cl-sort-button cl-sort-suit" }, word(model, "by_suit"));
  sortGroup.append(sortLabel, byRank, bySuit);
  bar.append(caption, sortGroup);
  const row = el("div", { class: "cl-hand-cards", role: "group" });
  box.append(bar, row);
  root.append(box);

  let cardNodes = []; // in display order

  // This view's toggles: its name in the answers (a hand shown twice has two views), how many
  // it sent, the last one answered, and the selection it shows until then (null: the model's).
  const viewName = Math.random().toString(36).slice(2);
  let sent = 0;
  let answered = 0;
  let shown = null;

  function selectedIds() {
    return shown !== null ? shown : model.get("selected_ids") || [];
  }

  function updateCaption() {
    const items = model.get("items") || [];
    const count = selectedIds().length;
    const label = model.get("label") || word(model, "cards");
    let text = counted(model, "caption", items.length, label);
    if (model.get("selectable")) text += ", " + counted(model, "selected", count, label);
    caption.textContent = text;
    row.setAttribute("aria-label", label);
  }

  function updateSelection() {
    const chosen = new Set(selectedIds());
    for (const node of cardNodes) {
      const on = chosen.has(Number(node.dataset.id));
      node.classList.toggle("is-selected", on);
      if (model.get("selectable")) node.setAttribute("aria-pressed", on ? "true" : "false");
    }
    updateCaption();
  }

  function updateHighlight() {
    const marked = new Set(model.get("highlight_ids") || []);
    for (const node of cardNodes) {
      const on = marked.has(Number(node.dataset.id));
      node.classList.toggle("is-new", on);
      const base = node.dataset.name || "";
      node.setAttribute("title", on ? word(model, "new").replace("{name}", base) : base);
    }
  }

  function updateSort() {
    const sort = model.get("sort");
    byRank.setAttribute("aria-pressed", sort === "rank" ? "true" : "false");
    bySuit.setAttribute("aria-pressed", sort === "suit" ? "true" : "false");
  }

  function toggle(item) {
    if (!model.get("selectable")) return;
    const ids = selectedIds().slice();
    const at = ids.indexOf(item.id);
    if (at >= 0) ids.splice(at, 1);
    else ids.push(item.id);
    shown = ids;
    sent += 1;
    model.send({ event: "toggle", id: item.id, card: item.text, view: viewName, seq: sent });
    updateSelection(); // show it at once
  }

  function answer(message) {
    if (!message || message.event !== "toggled" || message.view !== viewName) return;
    answered = Math.max(answered, Number(message.seq) || 0);
    if (answered >= sent) {
      shown = null; // the kernel has every toggle: its selected_ids is the selection
      updateSelection();
    }
  }

  // One Tab stop for the whole hand (a roving tabindex): the card last focused (or the first)
  // takes Tab; the arrow keys, Home and End move within the hand.
  function rove(node) {
    for (const other of cardNodes) other.setAttribute("tabindex", other === node ? "0" : "-1");
  }

  function focusAt(index) {
    if (!cardNodes.length) return;
    const i = Math.max(0, Math.min(cardNodes.length - 1, index));
    rove(cardNodes[i]);
    cardNodes[i].focus();
  }

  function build() {
    const active = document.activeElement;
    const focusedId = active && row.contains(active) ? active.dataset.id : null;
    row.replaceChildren();
    cardNodes = [];
    const selectable = model.get("selectable");
    const items = model.get("items") || [];
    items.forEach((item, index) => {
      const node = el("div", {
        class: "cl-hand-card",
        "data-id": String(item.id),
        "data-card": item.text,
        "data-name": item.name,
        "aria-label": item.name,
        title: item.name,
      });
      if (selectable) {
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        node.setAttribute("aria-pressed", "false");
      } else {
        node.setAttribute("role", "img");
      }
      node.innerHTML = item.svg;
      const picture = node.querySelector("svg");
      if (picture) {
        picture.setAttribute("aria-hidden", "true");
        picture.removeAttribute("role");
        const title = picture.querySelector("title");
        if (title) title.remove(); // the card itself carries the name (and a tooltip)
      }
      node.addEventListener("click", () => toggle(item));
      node.addEventListener("focus", () => rove(node));
      node.addEventListener("keydown", (event) => {
        if (event.key === " " || event.key === "Enter") {
          event.preventDefault();
          toggle(item);
        } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
          event.preventDefault();
          focusAt(index + 1);
        } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
          event.preventDefault();
          focusAt(index - 1);
        } else if (event.key === "Home") {
          event.preventDefault();
          focusAt(0);
        } else if (event.key === "End") {
          event.preventDefault();
          focusAt(cardNodes.length - 1);
        }
      });
      row.append(node);
      cardNodes.push(node);
    });
    if (!items.length) {
      row.append(el("span", { class: "cl-hand-empty" }, "no cards"));
    }
    box.classList.toggle("is-readonly", !selectable);
    updateSelection();
    updateHighlight();
    const again = focusedId !== null ? cardNodes.find((n) => n.dataset.id === focusedId) : null;
    if (selectable && cardNodes.length) rove(again || cardNodes[0]);
    if (again) again.focus();
  }

  byRank.addEventListener("click", () => {
    model.set("sort", "rank");
    model.save_changes();
  });
  bySuit.addEventListener("click", () => {
    model.set("sort", "suit");
    model.save_changes();
  });

  const handlers = [
    ["change:items", build],
    ["change:selectable", build],
    ["change:selected_ids", updateSelection],
    ["change:highlight_ids", updateHighlight],
    ["change:label", updateCaption],
    ["change:sort", updateSort],
    ["msg:custom", answer],
  ];
  for (const [name, fn] of handlers) model.on(name, fn);
  build();
  updateSort();
  return () => {
    for (const [name, fn] of handlers) model.off(name, fn);
  };
}

export default { render };
