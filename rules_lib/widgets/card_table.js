// The card widget of the book (anywidget front end): card pictures in named rows.
// Python sets the rows, the faces (the library's own SVG cards) and which cards are
// lit or disabled; this file draws them and keeps the selection.  It never decides
// a rule: a drop or a "Move here" press is sent to Python as a message.

const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];

function cardName(model, code) {
  if (code.startsWith("??")) return "face-down card";
  return (model.get("names") || {})[code] || code;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "rl-card-table";
  el.appendChild(root);
  let focused = null; // the code of the card that takes Tab (roving tabindex)
  let drag = null; // {code, x, y, ghost, moved}
  let suppressClick = false;

  const selected = () => new Set(model.get("selected"));

  function setSelected(codes) {
    model.set("selected", codes);
    model.save_changes();
    // trait changes wait in the page while one is in flight, but a button's click
    // does not: the message travels in order with the click (card_table.py)
    model.send({ event: "select", cards: codes });
  }

  function toggle(code) {
    const disabled = new Set(model.get("disabled"));
    if (!model.get("selectable") || disabled.has(code) || code.startsWith("??")) return;
    const now = selected();
    if (now.has(code)) now.delete(code);
    else if (model.get("single")) {
      now.clear();
      now.add(code);
    } else now.add(code);
    // keep the table's order, so Python reads the selection as the cards lie
    const order = model.get("rows").flatMap((r) => r.cards);
    setSelected(order.filter((c) => now.has(c)));
  }

  function send(event, extra) {
    model.send({ event, ...extra });
  }

  function moveTo(row, codes) {
    if (!codes.length) {
      send("move", { to: row, cards: [] });
      return;
    }
    send("move", { to: row, cards: codes });
  }

  function cardButtons() {
    return Array.from(root.querySelectorAll("button.rl-card-button"));
  }

  function focusCard(code) {
    focused = code;
    for (const b of cardButtons()) b.tabIndex = b.dataset.code === code ? 0 : -1;
    const b = root.querySelector(`button.rl-card-button[data-code="${CSS.escape(code)}"]`);
    if (b) b.focus();
  }

  // the card of ``codes`` drawn nearest above or below ``code`` (rows with gaps or centred)
  function nearest(code, codes) {
    const at = (c) => {
      const b = root.querySelector(`button.rl-card-button[data-code="${CSS.escape(c)}"]`);
      if (!b) return 0;
      const box = b.getBoundingClientRect();
      return box.left + box.width / 2;
    };
    const x = at(code);
    return codes.reduce((best, c) => (Math.abs(at(c) - x) < Math.abs(at(best) - x) ? c : best));
  }

  function onKey(event, code, rowIndex) {
    if (!ARROWS.includes(event.key)) return;
    event.preventDefault();
    const rows = model.get("rows").filter((r) => r.cards.length);
    const where = rows.findIndex((r) => r.cards.includes(code));
    const row = rows[where];
    const i = row.cards.indexOf(code);
    let next = code;
    if (event.key === "ArrowLeft") next = row.cards[Math.max(0, i - 1)];
    else if (event.key === "ArrowRight") next = row.cards[Math.min(row.cards.length - 1, i + 1)];
    else if (event.key === "Home") next = row.cards[0];
    else if (event.key === "End") next = row.cards[row.cards.length - 1];
    else {
      const other = rows[where + (event.key === "ArrowUp" ? -1 : 1)];
      if (other && (other.slots || other.class)) next = nearest(code, other.cards);
      else if (other) next = other.cards[Math.min(i, other.cards.length - 1)];
    }
    focusCard(next);
  }

  function rowAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    const section = hit && hit.closest ? hit.closest(".rl-table-row") : null;
    return section && root.contains(section) && section.dataset.target === "1" ? section : null;
  }

  function startDrag(event, code) {
    if (!model.get("draggable") || event.pointerType === "touch" || event.button !== 0) return;
    drag = { code, x: event.clientX, y: event.clientY, ghost: null };
  }

  function onPointerMove(event) {
    if (!drag) return;
    const far = Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) > 8;
    if (!drag.ghost && far) {
      const faces = model.get("faces") || {};
      drag.ghost = document.createElement("div");
      drag.ghost.className = "rl-drag-ghost";
      const img = document.createElement("img");
      img.alt = "";
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(faces[drag.code] || "")}`;
      drag.ghost.appendChild(img);
      document.body.appendChild(drag.ghost);
    }
    if (drag.ghost) {
      drag.ghost.style.left = `${event.clientX + 4}px`;
      drag.ghost.style.top = `${event.clientY + 4}px`;
      for (const s of root.querySelectorAll(".rl-table-row")) s.classList.remove("rl-drop-here");
      const row = rowAt(event.clientX, event.clientY);
      if (row) row.classList.add("rl-drop-here");
    }
  }

  function onPointerUp(event) {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return; // a plain click: the click handler selects
    d.ghost.remove();
    for (const s of root.querySelectorAll(".rl-table-row")) s.classList.remove("rl-drop-here");
    suppressClick = true;
    setTimeout(() => (suppressClick = false), 0);
    const row = rowAt(event.clientX, event.clientY);
    if (!row) return;
    const sel = selected();
    const codes = sel.has(d.code) ? model.get("selected") : [d.code];
    moveTo(row.dataset.row, codes);
  }

  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp);

  function draw() {
    const faces = model.get("faces") || {};
    const sel = selected();
    const lit = new Set(model.get("lit"));
    const disabled = new Set(model.get("disabled"));
    const rows = model.get("rows");
    const all = rows.flatMap((r) => r.cards);
    if (!all.includes(focused)) focused = all.find((c) => !disabled.has(c)) || all[0] || null;
    const hadFocus = root.contains(document.activeElement) ? document.activeElement.dataset.code : null;
    root.replaceChildren();
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", model.get("label") || "cards");
    const selectable = model.get("selectable");
    rows.forEach((row, rowIndex) => {
      const section = document.createElement("section");
      section.className = "rl-table-row";
      if (row.class) section.classList.add(...row.class.split(" "));
      section.dataset.row = row.name;
      section.dataset.target = row.target ? "1" : "0";
      // rows are named with the widget's own label, so two widgets on a page differ
      section.setAttribute("aria-label", `${model.get("label") || "cards"}: ${row.label || row.name}`);
      const head = document.createElement("div");
      head.className = "rl-table-head";
      if (row.label) {
        const words = document.createElement("div");
        words.className = "rl-table-label";
        if (row.label_html) words.innerHTML = row.label_html;
        else words.textContent = row.label;
        head.appendChild(words);
      }
      section.appendChild(head);
      const line = document.createElement("div");
      line.className = "rl-table-cards";
      // a row with empty places (row.slots: a code, or null for a gap) keeps them
      for (const code of row.slots || row.cards) {
        if (code === null) {
          const gap = document.createElement("span");
          gap.className = "rl-card-slot";
          gap.setAttribute("aria-hidden", "true");
          line.appendChild(gap);
          continue;
        }
        const b = document.createElement("button");
        b.type = "button";
        b.className = "rl-card-button";
        if (model.get("card_class")) b.classList.add(model.get("card_class"));
        b.dataset.code = code;
        const down = code.startsWith("??");
        const name = cardName(model, code);
        const isSel = sel.has(code);
        if (isSel) b.classList.add("rl-selected");
        if (lit.has(code)) b.classList.add("rl-playable");
        if (disabled.has(code) || down || !selectable) b.classList.add("rl-disabled");
        if (down) b.classList.add("rl-face-down");
        if (selectable && !down && model.get("toggles")) b.setAttribute("aria-pressed", isSel ? "true" : "false");
        if (disabled.has(code)) b.setAttribute("aria-disabled", "true");
        const words = [name];
        if (isSel && model.get("toggles")) words.push("selected");
        if (lit.has(code)) words.push("can be played");
        b.setAttribute("aria-label", words.join(", "));
        b.title = name;
        b.tabIndex = code === focused ? 0 : -1;
        // the picture as an image: its corner letters are not text of the button, whose
        // name is its aria-label and whose only text is the card ("Q♥", hidden)
        const face = document.createElement("img");
        face.alt = "";
        face.draggable = false;
        face.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(faces[down ? "??" : code] || "")}`;
        const text = document.createElement("span");
        text.className = "rl-card-text";
        text.setAttribute("aria-hidden", "true"); // for tests and find-in-page; the name is the label
        text.textContent = down ? "" : code.split("#")[0];
        b.replaceChildren(face, text);
        b.addEventListener("click", () => {
          if (suppressClick) return;
          focused = code;
          toggle(code);
        });
        b.addEventListener("keydown", (e) => onKey(e, code, rowIndex));
        b.addEventListener("pointerdown", (e) => startDrag(e, code));
        b.addEventListener("focus", () => {
          if (focused !== code) {
            focused = code;
            for (const o of cardButtons()) o.tabIndex = o === b ? 0 : -1;
          }
        });
        line.appendChild(b);
      }
      if (!row.cards.length && !row.slots) {
        const empty = document.createElement("span");
        empty.className = "rl-table-empty";
        empty.textContent = row.empty || "no cards";
        line.appendChild(empty);
      }
      section.appendChild(line);
      if (row.target && selectable) {
        const move = document.createElement("button");
        move.type = "button";
        move.className = `rl-move rl-move-${row.name}`;
        move.textContent = `${model.get("move_words") || "Move here"} (${row.name})`;
        move.title = `move the selected cards to the ${row.name}`;
        move.addEventListener("click", () => moveTo(row.name, model.get("selected")));
        head.appendChild(move);
      }
      root.appendChild(section);
    });
    if (model.get("sortable")) {
      const bar = document.createElement("div");
      bar.className = "rl-table-sort";
      for (const [key, words] of [["rank", "Sort by rank"], ["suit", "Sort by suit"]]) {
        const s = document.createElement("button");
        s.type = "button";
        s.textContent = words;
        s.className = `rl-sort-${key}`;
        s.setAttribute("aria-pressed", model.get("sort_by") === key ? "true" : "false");
        s.addEventListener("click", () => {
          model.set("sort_by", key);
          model.save_changes();
        });
        bar.appendChild(s);
      }
      root.appendChild(bar);
    }
    if (hadFocus) {
      const b = root.querySelector(`button.rl-card-button[data-code="${CSS.escape(hadFocus)}"]`);
      if (b) b.focus();
    }
  }

  const events = ["toggles", "card_class", "rows", "faces", "names", "selected", "lit", "disabled", "selectable", "sortable", "sort_by", "label"];
  for (const name of events) model.on(`change:${name}`, draw);
  draw();
  return () => {
    document.removeEventListener("pointermove", onPointerMove);
    document.removeEventListener("pointerup", onPointerUp);
    for (const name of events) model.off(`change:${name}`, draw);
  };
}

export default { render };
