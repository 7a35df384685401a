/* UNO Attack! in the browser.
 *
 * The page holds no rule. It draws what the server sends — this seat's view and the
 * redacted events — and offers exactly the view's legal actions: a card is playable when
 * a legal action plays it; the colour and target pickers list the variants of that play;
 * Press, Stop, UNO and Catch are the legal actions of those kinds. Anything else a
 * player reaches for (a dimmed card, a key) goes to the table anyway, which refuses it
 * with the engine's reason: the page says why. Text from players (names, chat) only
 * ever goes into the page through textContent.
 */
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const store = window.localStorage;
  const COLOURS = ["R", "Y", "G", "B"];
  // Kinds of card whose every play names a player: the engine's action needs the seat.
  const AIMED = ["trade_hands", "wild_attack_attack"];
  // How long the reason for a refusal stays up: long enough to read a sentence.
  const REFUSAL_MS = 6000;
  // The server's bot levels (GET /api/options), for a page opened from an invite link.
  const BOT_LEVELS = ["random", "family", "heuristic", "ismcts-easy", "ismcts-normal", "ismcts-hard"];

  const S = {
    lang: pickLanguage(),
    muted: store.getItem("uno.muted") === "1",
    code: null,
    token: null,
    hostToken: null,
    watch: false,
    seat: null,
    // Joined, its seat not yet shown: the join form stays hidden (a double tap whose
    // second tap came after the first join's answer took a second seat).
    joining: false,
    table: null,
    view: null,
    state: 0,
    faces: {},
    inviteBase: null,
    ws: null,
    retry: 0,
    dead: false,
    ref: 0,
    busy: -1,
    unoArmed: false,
    picker: null,
    arriving: [],
    replay: null,
    options: null,
    hinting: -1, // the state a hint was asked for, while the coach thinks
    log: [], // what the log tells, oldest first: {ev} or {chat}
    kicked: false, // a bot plays the seat the host took from this player
    rejoin: null, // this seat's rejoin code, to take it on another device
    confirmed: null, // what to do if the host confirms
    missing: null, // the code of a table that does not exist, from a mistyped link
    pause: null, // the pause between two hands, as the server last said: {ends_in, ready, waiting}
    pauseAt: 0, // when it said so (performance.now())
    handover: null, // the hand_won (or hand_void) event of the hand that just ended
    pauseTicker: 0,
    celebrated: false, // the match-over celebration has played
    clock: null, // the turn timer of the seat to act: {seat, seconds, endsAt (performance.now())}
    tab: "log", // the open tab under the table: "log" or "chat"
    unread: 0, // lines of chat that came while the log tab was open
    myTurn: false, // it was this seat's turn at the last drawing (for the turn alert)
    banners: [], // the launcher's news waiting for the banner
  };

  function pickLanguage() {
    const saved = store.getItem("uno.lang");
    if (saved === "en" || saved === "fr") return saved;
    return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
  }

  // ------------------------------------------------------------------ words

  function t(key, vars) {
    const table = window.I18N[S.lang] || window.I18N.en;
    let text = key in table ? table[key] : key in window.I18N.en ? window.I18N.en[key] : key;
    if (vars) {
      text = text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
    }
    return text;
  }

  // An edition's title in the page's language, as the server gives it from the edition's
  // data (GET /api/options: titles), the terminal game's titles too.
  function editionTitle(edition) {
    return (edition.titles && edition.titles[S.lang]) || edition.title || edition.name;
  }

  function colourName(letter) {
    return t("colour." + letter);
  }

  function cardName(text) {
    const face = S.faces[text];
    if (!face) return text;
    if (face.kind === "number") {
      return t("card.number", { colour: colourName(face.colour), number: face.number });
    }
    if (face.colour) return t("card.coloured", { colour: colourName(face.colour), kind: t("kind." + face.kind) });
    return t("kind." + face.kind);
  }

  function cardList(cards) {
    return cards.map(cardName).join(", ");
  }

  function times(n) {
    return n <= 2 ? t("times." + n) : t("times.n", { n });
  }

  // "1 press", "2 presses"; in French 0 and 1 take the singular.
  function count(noun, n) {
    const one = S.lang === "fr" ? n <= 1 : n === 1;
    return t(noun + (one ? ".one" : ".many"), { n });
  }

  // A seat's name as the page's language says it: a bot the host seated keeps the
  // server's name ("Bot 3", as the table numbers seats) but reads "Robot 3" in French.
  function nameOf(seat, index) {
    if (!seat || !seat.name) return "#" + (index + 1);
    if (seat.kind === "bot" && seat.name === "Bot " + (index + 1)) return t("bot.name", { n: index + 1 });
    return seat.name;
  }

  function seatName(index) {
    if (index === null || index === undefined || !S.table) return "?";
    const name = nameOf(S.table.seats[index], index);
    return index === S.seat ? name + " (" + t("you") + ")" : name;
  }

  function names(list) {
    return list.map(seatName).join(t("and"));
  }

  function applyWords() {
    document.documentElement.lang = S.lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    $("btn-lang").textContent = t("lang.switch");
    $("btn-lang").title = t("lang.name");
    $("btn-mute").textContent = S.muted ? t("sound.off") : t("sound.on");
    $("btn-mute").title = t("sound.label");
    $("btn-mute").setAttribute("aria-label", t("sound.label"));
    $("chat-input").placeholder = t("chat.placeholder");
    applyAccessWords();
  }

  // ------------------------------------------------------------------ elements

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(el.dataset, value);
      else el.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  // ------------------------------------------------------------------ card faces

  // Each colour has its shape, so that a player who does not see colours tells them
  // apart (the legend on the table says which is which); each action has its symbol.
  const COLOUR_SYMBOL = { R: "♥", Y: "★", G: "♣", B: "◆" };
  const KIND_SYMBOL = {
    skip: "⊘",
    reverse: "⇄",
    hit1: "▼1",
    hit2: "▼2",
    discard_all: "⇶",
    trade_hands: "⇅",
    wild: "✦",
    wild_all_hit: "▼▼",
    wild_hit_fire: "▼↯",
    wild_hit4: "▼4",
    wild_attack_attack: "⚔",
    wild_custom: "✎",
  };

  function faceSymbol(face) {
    return face.kind === "number" ? String(face.number) : KIND_SYMBOL[face.kind] || "?";
  }

  // A card as UNO draws it: a tilted oval with the big symbol, the symbol in two corners,
  // the colour's shape in the other two, and the action's name under the oval. The card's
  // name (its accessible name) says it all in words.
  function cardEl(text, tag) {
    const face = S.faces[text] || { colour: null, kind: "wild", number: null };
    const el = faceEl(face, cardName(text), tag);
    el.dataset.card = text;
    return el;
  }

  // A face ({colour, kind, number}) drawn as a card named ``name``.
  function faceEl(face, name, tag) {
    const symbol = faceSymbol(face);
    const suit = face.colour ? COLOUR_SYMBOL[face.colour] : "✦";
    const el = h(tag || "div", {
      class: "card c-" + (face.colour || "W") + " k-" + face.kind + (symbol.length > 1 ? " long" : ""),
      title: name,
      "aria-label": name,
      dataset: { symbol, suit },
    });
    // A card that is not a button is a picture with a name (an aria-label on a bare div
    // or span is not read out: axe-core's aria-prohibited-attr).
    if (tag !== "button") el.setAttribute("role", "img");
    el.append(
      h("span", { class: "corner tl", "aria-hidden": "true", text: symbol }),
      h("span", { class: "suit tr", "aria-hidden": "true", text: suit }),
      h(
        "span",
        { class: "oval", "aria-hidden": "true" },
        h(
          "span",
          { class: "face" },
          h("span", { class: face.kind === "number" ? "n" : "n sym", text: symbol }),
          face.kind === "number" ? null : h("span", { class: "t", text: t("label." + face.kind) })
        )
      ),
      h("span", { class: "suit bl", "aria-hidden": "true", text: suit }),
      h("span", { class: "corner br", "aria-hidden": "true", text: symbol })
    );
    return el;
  }

  // The colour symbols in words, on the table.
  function renderLegend() {
    const legend = $("colour-legend");
    legend.setAttribute("aria-label", t("legend.label"));
    legend.replaceChildren(
      ...COLOURS.map((c) => h("span", { class: "key k-" + c }, h("b", { text: COLOUR_SYMBOL[c] }), " " + colourName(c)))
    );
  }

  function backEl() {
    return h("div", { class: "card back" });
  }

  let toastTimer = 0;
  function toast(text, ms) {
    const el = $("toast");
    el.textContent = text;
    placeToast();
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => el.classList.remove("show"), ms || 2600);
  }

  // A toast that fits in the top bar goes over it: the bar's name, the table's code and
  // the toggles are all it covers, and a touch goes through it to them. A longer one
  // goes just under the top bar; at the table, into the first gap of the screen tall
  // enough for it, so that it hides neither whose turn it is or who said UNO (the seats)
  // nor what a player needs to play: the pile, what to do, the hand and the buttons.
  function placeToast() {
    const el = $("toast");
    el.style.top = "";
    el.classList.add("in-bar");
    if (el.scrollHeight <= el.clientHeight) return;
    el.classList.remove("in-bar");
    const top = $("topbar").getBoundingClientRect().bottom;
    const atTable = document.body.dataset.screen === "game";
    el.style.top = Math.round(atTable ? toastGap(top, el.offsetHeight) : top + 6) + "px";
  }

  const TOAST_AVOIDS = ["seats", "top-card", "pile-info", "prompt", "hand", "picker", "actions"];

  // Where a toast ``height`` px tall goes, below ``top``: the first gap between the
  // boxes a player needs (from the top of the screen down) that holds it with 6 px
  // either side; with none, just under the seats, as on a screen too full to spare one.
  function toastGap(top, height) {
    const boxes = TOAST_AVOIDS.map((id) => $(id).getBoundingClientRect())
      .filter((r) => r.width && r.height && r.bottom > top && r.top < window.innerHeight)
      .sort((a, b) => a.top - b.top);
    let from = top;
    for (const r of [...boxes, { top: window.innerHeight, bottom: window.innerHeight }]) {
      if (r.top - from >= height + 12) return from + 6;
      from = Math.max(from, r.bottom);
    }
    const seats = $("seats").getBoundingClientRect();
    return Math.max(top, seats.height ? seats.bottom : top) + 6;
  }

  // ------------------------------------------------------------------ sound

  const sound = {
    ctx: null,
    ensure() {
      if (S.muted) return null;
      if (!this.ctx) {
        const Ctx = window.AudioContext || window.webkitAudioContext;
        if (!Ctx) return null;
        this.ctx = new Ctx();
      }
      if (this.ctx.state === "suspended") this.ctx.resume();
      return this.ctx;
    },
    tone(freq, duration, type, delay, gain) {
      const ctx = this.ensure();
      if (!ctx) return;
      const start = ctx.currentTime + (delay || 0);
      const osc = ctx.createOscillator();
      const amp = ctx.createGain();
      osc.type = type || "sine";
      osc.frequency.setValueAtTime(freq, start);
      amp.gain.setValueAtTime(gain || 0.12, start);
      amp.gain.exponentialRampToValueAtTime(0.0001, start + duration);
      osc.connect(amp).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + duration + 0.02);
    },
    whoosh(delay) {
      const ctx = this.ensure();
      if (!ctx) return;
      const length = Math.floor(ctx.sampleRate * 0.35);
      const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
      const data = buffer.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
      const source = ctx.createBufferSource();
      const amp = ctx.createGain();
      amp.gain.value = 0.12;
      source.buffer = buffer;
      source.connect(amp).connect(ctx.destination);
      source.start(ctx.currentTime + (delay || 0));
    },
    press() { this.tone(170, 0.06, "square", 0, 0.06); },
    ding() { this.tone(1320, 0.25, "sine", 0.05); },
    fire() {
      for (let i = 0; i < 4; i++) this.tone(1320, 0.09, "sine", 0.05 + i * 0.09);
      this.whoosh(0.4);
    },
    flick() { this.tone(600 + Math.random() * 300, 0.05, "triangle", 0, 0.08); },
    play() { this.tone(420, 0.07, "triangle", 0, 0.08); },
    uno() { this.tone(660, 0.12, "square", 0, 0.07); this.tone(990, 0.2, "square", 0.12, 0.07); },
    caught() { this.tone(140, 0.35, "sawtooth", 0, 0.08); },
    win() { [523, 659, 784, 1046].forEach((f, i) => this.tone(f, 0.22, "triangle", i * 0.14, 0.1)); },
    turn() { this.tone(587, 0.14, "sine", 0, 0.1); this.tone(880, 0.22, "sine", 0.13, 0.1); },
  };

  // ------------------------------------------------------------------ routing

  function route() {
    const match = location.pathname.match(/^\/t\/([A-Za-z0-9]{1,16})\/?$/);
    applyWords();
    if (!match) {
      showHome();
      return;
    }
    S.code = match[1].toUpperCase();
    S.watch = new URLSearchParams(location.search).has("watch");
    S.token = S.watch ? null : store.getItem("uno.seat." + S.code);
    S.hostToken = store.getItem("uno.host." + S.code);
    $("table-code").textContent = S.code;
    connect();
    loadOptions().then(() => S.table && render()); // edition titles, bot levels
  }

  // A link to a table that does not exist (a mistyped code): say so on a working home
  // page, and put the address bar back to it, so that a reload does not ask again.
  function noSuchTable() {
    const code = S.code;
    S.missing = code;
    S.dead = true;
    if (S.ws) S.ws.close();
    S.ws = null;
    S.code = null;
    S.table = null;
    S.view = null;
    $("table-code").textContent = "";
    history.replaceState(null, "", "/");
    showHome(t("home.no_table", { code }));
  }

  function show(screen) {
    // A screen that opens (the table once the host starts it, from low in the lobby)
    // opens at its top.
    const opens = $(screen).hidden;
    for (const id of ["home", "lobby", "game", "results"]) $(id).hidden = id !== screen;
    document.body.dataset.screen = screen;
    if (opens) window.scrollTo(0, 0);
  }

  // ------------------------------------------------------------------ home

  async function showHome(notice) {
    show("home");
    $("home-notice").textContent = notice || "";
    $("home-notice").hidden = !notice;
    if (!(await loadOptions())) return;
    const options = S.options;
    const editions = $("create-edition");
    fillEditions();
    fillLaunchers();
    paceOptions($("create-pace"), "normal");
    $("create-seed-row").hidden = !options.allow_seed;
    $("create-name").value = store.getItem("uno.name") || "";
    editions.onchange = () => {
      describeEdition();
      fillRules(false);
    };
    $("create-launcher").onchange = explainChoices;
    $("create-rules-list").onchange = () => {
      showApplicableRules();
      markPreset();
    };
    fillRules(false);
  }

  // The server's menus (editions and their house rules, launchers, bot levels), once.
  async function loadOptions() {
    if (S.options) return true;
    try {
      const response = await fetch("/api/options");
      S.options = await response.json();
      return true;
    } catch (err) {
      $("create-error").textContent = String(err);
      return false;
    }
  }

  // The editions by their titles in the page's language, the chosen one kept (the
  // language may change on the home page), and the chosen one's description under them.
  function fillEditions() {
    const select = $("create-edition");
    const chosen = select.value;
    select.replaceChildren(
      ...S.options.editions.map((e) => h("option", { value: e.name, text: editionTitle(e), selected: e.name === chosen }))
    );
    describeEdition();
  }

  function describeEdition() {
    const edition = editionInfo();
    $("create-edition-about").textContent = (edition.descriptions && edition.descriptions[S.lang]) || edition.description;
  }

  // A launcher model by its name in words ("Realistic", "Réaliste"), as the terminal game
  // names it; a model the page has no words for, by the server's name.
  function launcherName(model) {
    const key = "launcher.name." + model;
    return key in window.I18N.en ? t(key) : model;
  }

  function fillLaunchers() {
    const select = $("create-launcher");
    const chosen = select.value;
    select.replaceChildren(
      ...S.options.launchers.map((m) => h("option", { value: m, text: launcherName(m), selected: m === chosen }))
    );
    explainChoices();
  }

  // A menu whose every choice needs a sentence holds the choices' short names (a phone's
  // narrow menu shows them whole), and the sentence of the chosen one is under it.
  function explainChoices() {
    for (const line of document.querySelectorAll(".choice-help")) {
      const value = $(line.dataset.menu).value;
      const words = value ? t(line.dataset.prefix + value + line.dataset.suffix) : "";
      line.textContent = words.charAt(0).toUpperCase() + words.slice(1);
    }
  }

  function editionInfo() {
    return S.options.editions.find((e) => e.name === $("create-edition").value) || S.options.editions[0];
  }

  // The house rules of the chosen edition, as the server lists them from its deck (never
  // from its name): each in plain words with a sentence that explains it. An option
  // that only counts with another one's value shows only then (showApplicableRules).
  // ``keep``: the same edition in another language, so the choices made stay.
  function fillRules(keep) {
    const edition = editionInfo();
    const defaults = edition.options;
    const kept = {};
    if (keep) for (const rule of edition.house_rules) kept[rule.name] = ruleValue(rule);
    const scoring = $("create-scoring");
    const mode = keep ? scoring.value : defaults.scoring_mode;
    scoring.replaceChildren(
      ...S.options.choices.scoring_mode.map((m) => h("option", { value: m, text: t("scoring." + m), selected: m === mode }))
    );
    if (!keep) $("create-target").value = defaults.target_score;
    const list = $("create-rules-list");
    list.replaceChildren(...edition.house_rules.map(ruleRow));
    for (const rule of edition.house_rules) setRuleValue(rule, keep ? kept[rule.name] : rule.default);
    showApplicableRules();
    showPresets();
  }

  function ruleRow(rule) {
    const id = "rule-" + rule.name;
    const label = t("rule." + rule.name);
    const help = h("p", { class: "help", id: id + "-help", text: t("rule." + rule.name + ".help") });
    const row = h("div", { class: "rule", dataset: { rule: rule.name } });
    const described = { id, "aria-describedby": id + "-help" };
    if (rule.type === "bool") {
      row.append(h("label", { class: "check" }, h("input", { type: "checkbox", ...described }), h("span", { text: label })));
    } else if (rule.type === "effects") {
      const boxes = rule.choices.map((choice) =>
        h(
          "label",
          { class: "check", dataset: { choice: choice.value } },
          h("input", { type: "checkbox", id: id + "-" + choice.value, value: choice.value }),
          h("span", { text: t("last." + choice.value) })
        )
      );
      row.append(h("fieldset", { id, "aria-describedby": id + "-help" }, h("legend", { text: label }), ...boxes));
    } else {
      let input;
      if (rule.type === "choice") {
        input = h("select", described, ...rule.choices.map((c) => h("option", { value: c, text: t("rule." + rule.name + "." + c) })));
      } else if (rule.type === "effect") {
        described["aria-describedby"] = id + "-choice " + id + "-help";
        input = h("select", described, ...rule.choices.map((c) => h("option", { value: c, text: t("effect." + c) })));
      } else {
        input = h("input", { type: "number", min: rule.min, max: rule.max, inputmode: "numeric", ...described });
        if (rule.type === "threshold") {
          input.placeholder = t("rule.reshuffle_threshold.none");
          input.classList.add("wide");
        }
      }
      row.append(h("label", { for: id, text: label }), input);
      if (rule.type === "effect") {
        row.append(h("p", { class: "help choice-help", id: id + "-choice", dataset: { menu: id, prefix: "effect.", suffix: ".does" } }));
        const presses = h("input", { type: "number", id: id + "-presses", min: rule.min, max: rule.max, inputmode: "numeric" });
        row.append(h("label", { class: "presses", for: id + "-presses", text: t("rule.wild_custom_effect.presses") }), presses);
      }
    }
    row.append(help);
    return row;
  }

  function ruleRowOf(name) {
    return $("create-rules-list").querySelector('[data-rule="' + name + '"]');
  }

  // An option's value as the form holds it, typed as the server takes it.
  function ruleValue(rule) {
    const row = ruleRowOf(rule.name);
    const input = row && row.querySelector("#rule-" + rule.name);
    if (!input) return rule.default;
    if (rule.type === "bool") return input.checked;
    if (rule.type === "number") return input.value === "" ? rule.default : Number(input.value);
    if (rule.type === "threshold") return input.value === "" ? null : Number(input.value);
    if (rule.type === "effect") {
      const counted = rule.counted.includes(input.value);
      return counted ? input.value + ":" + (row.querySelector("#rule-" + rule.name + "-presses").value || 2) : input.value;
    }
    if (rule.type === "effects") return [...row.querySelectorAll("input:checked")].map((box) => box.value);
    return input.value;
  }

  function setRuleValue(rule, value) {
    const row = ruleRowOf(rule.name);
    const input = row.querySelector("#rule-" + rule.name);
    if (rule.type === "bool") input.checked = Boolean(value);
    else if (rule.type === "threshold" || rule.type === "number") input.value = value === null || value === undefined ? "" : String(value);
    else if (rule.type === "effect") {
      const [effect, presses] = String(value).split(":");
      input.value = effect;
      row.querySelector("#rule-" + rule.name + "-presses").value = presses || "2";
    } else if (rule.type === "effects") {
      for (const box of row.querySelectorAll("input")) box.checked = value.includes(box.value);
    } else input.value = value;
  }

  // What an option needs holds: each option it names has one of the values it lists
  // (a Wild Customizable's effect without its number of presses).
  function holds(needs) {
    const rules = editionInfo().house_rules;
    return Object.entries(needs || {}).every(([name, values]) => {
      const rule = rules.find((r) => r.name === name);
      const row = rule && ruleRowOf(name);
      if (!rule || !row || row.hidden) return false;
      let value = ruleValue(rule);
      if (rule.type === "effect") value = String(value).split(":")[0];
      return values.includes(value);
    });
  }

  function showApplicableRules() {
    explainChoices();
    for (const rule of editionInfo().house_rules) {
      const row = ruleRowOf(rule.name);
      row.hidden = !holds(rule.needs);
      if (rule.type === "effect") {
        const counted = rule.counted.includes(row.querySelector("#rule-" + rule.name).value);
        for (const el of row.querySelectorAll(".presses, #rule-" + rule.name + "-presses")) el.hidden = !counted;
      }
      if (rule.type === "effects") {
        for (const choice of rule.choices) row.querySelector('[data-choice="' + choice.value + '"]').hidden = !holds(choice.needs);
      }
    }
  }

  // The house rules the host changed from the edition's, among those that apply.
  function houseRuleChoices() {
    const options = {};
    for (const rule of editionInfo().house_rules) {
      const row = ruleRowOf(rule.name);
      if (row.hidden) continue;
      if (rule.type === "effects") {
        // Only the effects this table can meet: a list travels as its items joined by
        // commas, as the engine reads options.
        const shown = [...row.querySelectorAll("label.check:not([hidden]) input")];
        if (shown.some((box) => box.checked !== rule.default.includes(box.value))) {
          options[rule.name] = shown.filter((box) => box.checked).map((box) => box.value).join(",");
        }
        continue;
      }
      const value = ruleValue(rule);
      if (value !== rule.default) options[rule.name] = value;
    }
    return options;
  }

  // A house rule's value in words, for the lobby's summary.
  function ruleWords(name, value) {
    if (typeof value === "boolean") return t(value ? "word.yes" : "word.no");
    if (name === "last_card_effects") {
      const list = Array.isArray(value) ? value : String(value).split(",");
      return list.length ? list.map((e) => t("last." + e)).join(", ") : t("last.none");
    }
    if (name === "wild_custom_effect") {
      const [effect, presses] = String(value).split(":");
      const words = t("rule.summary", { rule: t("effect." + effect), value: t("effect." + effect + ".does") });
      return presses ? t("effect.presses", { effect: words, presses: count("press", Number(presses)) }) : words;
    }
    if (name === "reshuffle_threshold" && (value === null || value === "none")) return t("rule.reshuffle_threshold.none");
    const key = "rule." + name + "." + value;
    return key in window.I18N.en ? t(key) : String(value);
  }

  // A form sends one request at a time, its buttons off meanwhile: a double tap on
  // "Join" took two seats for one person, and one on "Create" made two tables.
  function oneAtATime(form, send) {
    let sending = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending) return;
      sending = true;
      const buttons = form.querySelectorAll("button");
      for (const button of buttons) button.disabled = true;
      try {
        await send(event);
      } finally {
        sending = false;
        for (const button of buttons) button.disabled = false;
      }
    });
  }

  async function createTable(event) {
    event.preventDefault();
    const name = $("create-name").value.trim();
    store.setItem("uno.name", name);
    const options = houseRuleChoices();
    const body = {
      edition: $("create-edition").value,
      seats: Number($("create-seats").value),
      launcher: $("create-launcher").value,
      scoring_mode: $("create-scoring").value,
      target_score: Number($("create-target").value) || null,
      turn_timer: Number($("create-timer").value) || 0,
      hints: $("create-hints").checked,
      bot_pace: $("create-pace").value || "normal",
      host_name: name,
      options,
    };
    const seed = $("create-seed").value;
    if (S.options.allow_seed && seed !== "") body.seed = Number(seed);
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      $("create-error").textContent = errorDetail(data);
      return;
    }
    store.setItem("uno.host." + data.code, data.host_token);
    if (data.token) store.setItem("uno.seat." + data.code, data.token);
    location.assign("/t/" + data.code);
  }

  // A refusal of the server in the page's language: its code's sentence when the page
  // has one (a seat named in it as people number seats, from 1), else its own words.
  function errorDetail(data) {
    const key = "err." + data.code;
    if (data.code && key in window.I18N.en) {
      const details = data.details || {};
      const seat = typeof details.seat === "number" ? details.seat + 1 : "?";
      return t(key, { seat, message: data.detail });
    }
    if (typeof data.detail === "string") return data.detail;
    if (Array.isArray(data.detail) && data.detail.length) {
      const first = data.detail[0];
      return (first.loc || []).slice(1).join(".") + ": " + first.msg;
    }
    return JSON.stringify(data);
  }

  // ------------------------------------------------------------------ connection

  function connect() {
    if (S.dead) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(proto + "://" + location.host + "/ws/" + S.code);
    S.ws = ws;
    ws.onopen = () => {
      S.retry = 0;
      $("conn-status").hidden = true;
      ws.send(JSON.stringify({ type: "hello", token: S.token }));
    };
    ws.onmessage = (event) => onMessage(JSON.parse(event.data));
    ws.onclose = () => {
      if (S.ws !== ws || S.dead) return;
      $("conn-status").textContent = t("conn.lost");
      $("conn-status").hidden = false;
      setTimeout(connect, Math.min(5000, 400 * 2 ** S.retry++));
    };
  }

  function send(message) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(message));
  }

  function act(text) {
    if (submit(text) && text.startsWith("play")) S.unoArmed = false;
  }

  // Hand an action to the table; false when one is already on its way for this state.
  // An action the page does not offer (an unplayable card, a key with no legal action
  // behind it) goes too: the table refuses it with the engine's reason, and the page
  // says why (onError). Nothing was played then, so an armed UNO stays armed.
  function submit(text) {
    if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
      toast(t("conn.offline")); // nothing is sent: the move can be made again once back
      return false;
    }
    if (S.busy === S.state) return false; // one action per state: a double tap sends nothing twice
    S.busy = S.state;
    S.ref += 1;
    send({ type: "act", state: S.state, action: text, ref: S.ref });
    return true;
  }

  function onMessage(m) {
    switch (m.type) {
      case "welcome":
        if (S.kicked && m.you.seat !== null) toast(t("note.readmitted"));
        // A rematch welcomes every page to the new match, one watching the replay too.
        if (S.replay && m.table.status !== "over") endReplay();
        S.table = m.table;
        S.seat = m.you.seat;
        S.kicked = m.you.kicked;
        S.rejoin = m.you.rejoin;
        S.faces = m.faces;
        S.state = m.state;
        S.view = m.view;
        S.inviteBase = m.invite_base || location.origin;
        S.busy = -1;
        S.log = [];
        S.handover = null;
        for (const ev of m.recent) {
          if (ev.type === "hand_won" || ev.type === "hand_void") S.handover = ev;
        }
        setPause(m.pause);
        setClock(m.clock);
        if (m.view && m.view.result === null) S.celebrated = false;
        for (const ev of m.recent) narrate(ev);
        for (const line of m.chat) chatLine(line);
        render();
        renderLog(); // once the table is drawn, so that the newest lines are in view
        break;
      case "table":
        S.table = m.table;
        S.seat = m.you.seat;
        S.kicked = m.you.kicked;
        S.rejoin = m.you.rejoin;
        render();
        break;
      case "update":
        S.state = m.state;
        S.view = m.view;
        S.busy = -1;
        // The turn timer ran out and a bot made this decision for you: say so (the log
        // tells the move as yours).
        if (m.by && m.by.auto && m.by.seat === S.seat && S.seat !== null) toast(t("conn.auto"));
        for (const ev of m.events) {
          narrate(ev);
          animate(ev);
          if (ev.type === "hand_won" || ev.type === "hand_void") S.handover = ev;
        }
        setPause(m.pause);
        setClock(m.clock);
        render();
        break;
      case "pause":
        // Who is still to say ready, or (pause null) the next hand has begun: the
        // hand-over and its prompt go (the update that follows brings the first turn).
        setPause(m.pause);
        render();
        break;
      case "error":
        S.busy = -1;
        onError(m);
        break;
      case "chat":
        chatLine(m, true);
        break;
      case "hint":
        S.hinting = -1;
        showHint(m);
        render();
        break;
      case "kicked":
        // A player a bot replaced keeps the token: the host may let them back in.
        if (m.how !== "replaced") {
          store.removeItem("uno.seat." + S.code);
          S.token = null;
        }
        S.seat = null;
        S.joining = false;
        S.rejoin = null;
        S.kicked = m.how === "replaced";
        toast(t("conn.kicked." + m.how), REFUSAL_MS);
        render();
        break;
      default:
        break;
    }
  }

  // Why the table refused an action, and what to do instead: the sentence for the
  // engine's reason key (ILLEGAL_REASONS, MATCH_REASONS) filled from its details, with
  // the page's card and seat names. The terminal game says the same (Tr.refusal).
  function refusalText(reason, details) {
    const has = (key) => key in window.I18N.en;
    let key = has("refusal." + reason) ? "refusal." + reason : "refusal.not_allowed";
    const vars = {};
    if (typeof details.seat === "number") {
      vars.seat = details.seat + 1; // people number the seats from 1
      const seats = S.table ? S.table.seats.length : 0;
      if (details.seat >= 0 && details.seat < seats) vars.who = seatName(details.seat);
      else if (has(key + ".nobody")) key += ".nobody"; // a catch of nobody (seat -1), a seat not at the table
    }
    if (typeof details.players === "number") {
      vars.players = count("player", details.players);
      vars.last = details.players;
    }
    if (typeof details.left === "number") vars.presses = count("press", details.left);
    if (typeof details.card === "string") {
      vars.card = cardName(details.card);
      const subject = t("card.subject", { card: vars.card });
      vars.Card = subject.charAt(0).toUpperCase() + subject.slice(1);
    }
    if (typeof details.colour === "string") {
      vars.colour = colourName(details.colour);
      vars.colour_adj = t("colour_adj." + details.colour);
      vars.a_colour_card = t("card.a_colour", { colour: vars.colour_adj });
    }
    if (typeof details.top === "string") {
      const top = S.faces[details.top] || { colour: null };
      if (!top.colour) key += ".wild"; // a wild has no symbol to match: only its named colour counts
      else {
        vars.on_symbol = symbol("on", top);
        vars.a_symbol = symbol("a", top);
      }
    }
    return t(key, vars);
  }

  // What a coloured card shows besides its colour, as a card goes "on" it ("3",
  // "l'Inversion") or as "a" card to play ("an 8", "une Inversion").
  function symbol(form, face) {
    let key = "symbol." + form + "." + face.kind;
    if (key + "." + face.number in window.I18N.en) key += "." + face.number;
    return t(key, { number: face.number });
  }

  function onError(m) {
    if (m.code === "hints_off" || m.code === "no_decision" || m.code === "hint_failed") S.hinting = -1;
    if (m.code === "no_table") {
      noSuchTable();
      return;
    }
    if (m.code === "bad_token") {
      store.removeItem("uno.seat." + S.code);
      S.token = null;
      S.joining = false;
    }
    const key = "err." + m.code;
    if (m.reason) toast(refusalText(m.reason, m.details || {}), REFUSAL_MS);
    else toast(key in window.I18N.en ? t(key, { message: m.message }) : t("err.generic", { message: m.message }));
    if (m.code === "stale") render();
  }

  // ------------------------------------------------------------------ rendering

  function isHost() {
    return Boolean(S.hostToken);
  }

  function render() {
    if (!S.table) return;
    const status = S.table.status;
    document.body.dataset.status = status;
    document.body.dataset.state = String(S.state);
    document.body.dataset.seat = S.seat === null ? "" : String(S.seat);
    if (S.replay) {
      show("game");
      renderRejoin();
      return;
    }
    if (status === "lobby") {
      renderLobby();
      show("lobby");
      $("actions").hidden = true;
      closePicker();
    } else if (status === "over" && S.view && S.view.result) {
      $("flying").replaceChildren();
      $("toast").classList.remove("show"); // the results say who won
      renderResults();
      show("results");
      $("actions").hidden = true;
      closePicker();
    } else {
      show("game");
      renderGame(S.view, false);
    }
    renderHandover();
    renderRejoin();
    focusNewScreen();
  }

  // ------------------------------------------------------------------ between hands

  function setPause(pause) {
    S.pause = pause || null;
    S.pauseAt = performance.now();
    if (S.pause && !S.pauseTicker) S.pauseTicker = setInterval(renderHandoverStatus, 250);
    if (!S.pause && S.pauseTicker) {
      clearInterval(S.pauseTicker);
      S.pauseTicker = 0;
    }
  }

  // The hand that just ended, while the table pauses: the winner, every hand laid down
  // (the server reveals them at the end of the hand, in hand_won), the points in each,
  // the scores, and "Next hand" (or a countdown at a table of bots).
  function renderHandover() {
    const ev = S.handover;
    const shown = Boolean(S.pause && ev && !S.replay && document.body.dataset.screen === "game");
    $("handover").hidden = !shown;
    document.body.dataset.handover = shown ? "yes" : "no";
    if (!shown) return;
    $("actions").hidden = true; // nobody acts during the pause
    closePicker();
    $("toast").classList.remove("show"); // the hand-over says who won
    clearBanners(); // the launcher's news of the hand that ended is old news now
    $("handover-title").textContent = handTitle(ev);
    fillHandTable($("handover-table"), ev, ev.type === "hand_won" ? ev.scores : S.view.scores);
    renderHandoverStatus();
  }

  // Who won a hand (the hand_won or hand_void event) and what they scored.
  function handTitle(ev) {
    const scored = ev.points ? ".points" : "";
    const vars = { n: ev.hand_number, points: count("points", ev.points || 0) };
    if (ev.type === "hand_void") return t("handover.void", vars);
    if (ev.seat === S.seat) return t("handover.you_won" + scored, vars);
    return t("handover.won" + scored, { who: seatName(ev.seat), ...vars });
  }

  // A hand's summary in ``table``: each seat, the cards it was left with (drawn as the
  // table draws them), their points, and the score after the hand (``scores``).
  function fillHandTable(table, ev, scores) {
    const head = ["results.player", "handover.cards", "handover.points", "results.score"];
    table.tHead.rows[0].replaceChildren(...head.map((key) => h("th", { text: t(key) })));
    const rows = scores.map((score, seat) => {
      const laid = ev.type === "hand_won" ? ev.hands[seat] : null;
      const box = h("div", { class: "cards-cell" });
      if (laid && laid.length) box.append(...laid.map((card) => cardEl(card, "span")));
      else if (laid) box.append(h("span", { class: "small", text: t("handover.out") }));
      return h(
        "tr",
        { class: ev.seat === seat ? "winner" : null, dataset: { seat: String(seat) } },
        h("td", {}, seatName(seat)),
        h("td", {}, box),
        h("td", { class: "num", text: ev.type === "hand_won" ? String(ev.hand_points[seat]) : "" }),
        h("td", { class: "num", text: String(score) })
      );
    });
    table.tBodies[0].replaceChildren(...rows);
  }

  function renderHandoverStatus() {
    const pause = S.pause;
    if (!pause || $("handover").hidden) return;
    const waiting = pause.waiting;
    const mine = S.seat !== null && waiting.includes(S.seat);
    const button = $("next-hand-btn");
    button.hidden = !mine;
    let text;
    if (pause.ends_in !== null && !waiting.length) {
      const left = Math.max(0, Math.ceil(pause.ends_in - (performance.now() - S.pauseAt) / 1000));
      text = t("handover.countdown", { n: left });
    } else if (mine) {
      text = waiting.length > 1 ? t("handover.waiting", { who: names(waiting.filter((s) => s !== S.seat)) }) : "";
    } else {
      text = t("handover.waiting", { who: names(waiting) });
    }
    if (S.seat !== null && pause.ready.includes(S.seat)) text = t("handover.ready") + " " + text;
    $("handover-status").textContent = text.trim();
  }

  function readyForNextHand() {
    send({ type: "ready", state: S.state });
    $("next-hand-btn").hidden = true;
  }

  // Confetti when the match is over, once; none when motion is reduced.
  function celebrate() {
    const box = $("celebration");
    if (S.celebrated) return;
    S.celebrated = true;
    box.replaceChildren();
    if (reducedMotion()) return;
    const colours = ["#e53935", "#fdd835", "#43a047", "#1e88e5"];
    for (let i = 0; i < 60; i++) {
      const bit = h("i", {});
      bit.style.left = ((i * 37) % 100) + "%";
      bit.style.background = colours[i % 4];
      bit.style.animationDelay = ((i * 53) % 1500) + "ms";
      bit.style.animationDuration = 2200 + ((i * 71) % 1400) + "ms";
      box.append(bit);
    }
    setTimeout(() => box.replaceChildren(), 4200);
  }

  // The page's class says it: set from the "Reduce motion" toggle, or else from the
  // system's setting (applyMotion).
  function reducedMotion() {
    return document.documentElement.classList.contains("reduce-motion");
  }

  // A player is shown their seat's rejoin code, to take the seat on another device;
  // anyone not seated may type one.
  function renderRejoin() {
    const screen = document.body.dataset.screen;
    const here = !S.replay && (screen === "lobby" || screen === "game");
    $("rejoin").hidden = !here;
    const mine = S.seat !== null && Boolean(S.rejoin);
    $("rejoin-mine").hidden = !mine;
    if (mine) $("rejoin-code").textContent = S.rejoin.slice(0, 4) + "-" + S.rejoin.slice(4);
    $("rejoin-form").hidden = S.seat !== null;
  }

  async function reclaim(event) {
    event.preventDefault();
    const response = await fetch("/api/tables/" + S.code + "/reclaim", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rejoin: $("rejoin-input").value.trim() }),
    });
    const data = await response.json();
    if (!response.ok) {
      $("rejoin-error").textContent = errorDetail(data);
      return;
    }
    $("rejoin-error").textContent = "";
    $("rejoin-input").value = "";
    sitWith(data.token);
  }

  function renderLobby() {
    const table = S.table;
    $("lobby-title").textContent = t("lobby.title", { code: table.code });
    $("invite-link").textContent = inviteLink();
    $("watch-link").textContent = inviteLink() + "?watch";
    const qr = $("invite-qr");
    const source = "/api/tables/" + table.code + "/invite.svg";
    if (qr.getAttribute("src") !== source) qr.src = source; // drawn by the server
    qr.alt = t("lobby.qr");
    $("share-invite").hidden = !navigator.share;
    $("copy-invite").hidden = Boolean(navigator.share);
    const rules = table.rules;
    const edition = S.options && S.options.editions.find((e) => e.name === table.edition);
    const launcher = "launcher." + table.launcher;
    const parts = [
      edition ? editionTitle(edition) : table.edition,
      launcher in window.I18N.en ? launcherName(table.launcher) + " — " + t(launcher) : table.launcher,
      t("scoring." + rules.scoring_mode) + " (" + rules.target_score + ")",
      table.turn_timer ? t("lobby.timer", { n: table.turn_timer }) : t("lobby.timer.none"),
    ];
    for (const [name, value] of Object.entries(table.options)) {
      if (name !== "scoring_mode" && name !== "target_score") {
        parts.push(t("rule.summary", { rule: t("rule." + name), value: ruleWords(name, value) }));
      }
    }
    if (table.seats.some((seat) => seat.kind === "bot")) parts.push(t("pace.summary", { pace: t("pace." + (table.bot_pace || "normal")) }));
    $("lobby-rules").textContent = parts.join(" · ");
    renderPaceLobby();
    const list = $("lobby-seats");
    list.replaceChildren();
    table.seats.forEach((seat, index) => {
      const row = h("li", { dataset: { seat: String(index) } });
      let who;
      if (seat.kind === "empty") who = h("span", { class: "who empty", text: t("lobby.empty") });
      else {
        who = h("span", { class: "who" }, nameOf(seat, index));
        if (seat.kind === "bot") who.append(" ", h("span", { class: "badge", text: t("lobby.bot", { level: t("level." + seat.level) }) }));
        if (index === S.seat) who.append(" ", h("span", { class: "badge uno", text: t("lobby.you") }));
        if (seat.kind === "human" && !seat.connected) who.append(" ", h("span", { class: "badge away", text: t("seat.away") }));
      }
      row.append(h("span", { class: "small", text: "#" + (index + 1) }), who);
      if (isHost()) {
        if (seat.kind === "empty") {
          const levels = (S.options && S.options.bot_levels) || BOT_LEVELS;
          const pick = h("select", { class: "bot-level", "aria-label": t("lobby.level") },
            ...levels.map((level) => h("option", { value: level, text: t("level." + level), selected: level === "heuristic" })));
          row.append(pick, h("button", { type: "button", class: "add-bot", text: t("lobby.add"), onclick: () => host("seats/" + index + "/bot", { level: pick.value }) }));
        }
        if (index !== S.seat && table.seats.length > 2) {
          const remove = () => host("seats/" + index + "/remove", {});
          // A friend who sat down is asked about first; an empty seat or a bot is not.
          const onclick = seat.kind === "human"
            ? () => confirmThen(t("confirm.remove", { who: seat.name }), t("confirm.remove.yes"), remove)
            : remove;
          row.append(h("button", { type: "button", class: "remove-seat", text: t("lobby.remove"), onclick }));
        }
      }
      list.append(row);
    });
    const hasEmpty = table.seats.some((s) => s.kind === "empty");
    $("join-form").hidden = S.seat !== null || !hasEmpty || S.watch || S.joining;
    if (!$("join-name").value) $("join-name").value = store.getItem("uno.name") || "";
    $("start-btn").hidden = !isHost();
    let note = "";
    if (S.seat === null && !hasEmpty) note = t("lobby.full");
    else if (S.seat !== null && !isHost()) note = t("lobby.wait");
    $("lobby-note").textContent = note;
  }

  function inviteLink() {
    return S.inviteBase + "/t/" + S.table.code;
  }

  // Ask before a step that takes a seat from someone: ``action`` runs on "yes" only.
  function confirmThen(question, yes, action) {
    S.confirmed = action;
    $("confirm-text").textContent = question;
    $("confirm-yes").textContent = yes;
    $("confirm").showModal();
  }

  async function shareInvite() {
    const url = inviteLink();
    try {
      await navigator.share({ title: "UNO Attack!", text: t("lobby.share.text", { code: S.table.code }), url });
    } catch (err) {
      if (err && err.name !== "AbortError") copyInvite();
    }
  }

  // The clipboard API needs a secure page (https or localhost), which a page opened at
  // a network address over http is not: then the page selects the link and copies it.
  async function copyInvite() {
    const link = $("invite-link");
    try {
      await navigator.clipboard.writeText(link.textContent);
      toast(t("lobby.copied"));
      return;
    } catch (err) {
      // below
    }
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (err) {
      copied = false;
    }
    toast(copied ? t("lobby.copied") : t("lobby.copy.manual"));
  }

  async function host(path, body) {
    const response = await fetch("/api/tables/" + S.code + "/" + path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ host_token: S.hostToken, ...body }),
    });
    const data = await response.json();
    const where = S.table && S.table.status === "lobby" ? "lobby-error" : null;
    if (!response.ok) {
      if (where) $(where).textContent = errorDetail(data);
      else toast(errorDetail(data));
    } else if (where) {
      $(where).textContent = "";
    }
  }

  async function join(event) {
    event.preventDefault();
    const name = $("join-name").value.trim();
    store.setItem("uno.name", name);
    const response = await fetch("/api/tables/" + S.code + "/join", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const data = await response.json();
    if (!response.ok) {
      $("join-error").textContent = errorDetail(data);
      return;
    }
    $("join-error").textContent = "";
    S.joining = true;
    $("join-form").hidden = true;
    sitWith(data.token);
  }

  // Hold a seat with ``token`` from now on: keep it, and connect with it.
  function sitWith(token) {
    store.setItem("uno.seat." + S.code, token);
    S.token = token;
    if (S.ws) S.ws.close();
    S.ws = null;
    connect();
  }

  function legalOf(view) {
    return view && !S.replay ? view.legal : [];
  }

  function renderGame(view, readonly) {
    if (!view) return;
    const focus = rememberFocus(); // the hand is drawn again: keyboard focus stays put
    const legal = readonly ? [] : legalOf(view);
    const me = readonly ? view.seat : S.seat;
    document.body.dataset.myTurn = !readonly && me !== null && view.to_act === me && legal.length ? "yes" : "no";
    document.body.dataset.phase = view.phase;
    renderSeats(view, me);
    const top = cardEl(view.top);
    top.id = "top-card";
    top.classList.add("big");
    if (view.colour) top.classList.add("ring-" + view.colour);
    $("top-card").replaceWith(top);
    $("pile-info").textContent =
      t("board.pile", { n: view.pile_size }) +
      (view.colour ? " · " + t("board.colour") + " " + COLOUR_SYMBOL[view.colour] + " " + colourName(view.colour) : "");
    renderLegend();
    const launcher = view.launcher;
    $("launcher-stock").textContent = count("stock", launcher.stock_size);
    $("launcher-since").textContent = count("since", launcher.presses_since_fire);
    $("launcher").style.setProperty("--blink", Math.max(0.25, 1.6 - launcher.presses_since_fire * 0.12) + "s");
    $("hand-number").textContent = t("board.hand", { n: view.hand_number });
    $("direction").textContent = t("board.direction." + view.direction);
    $("mega-pile").hidden = !view.mega_pile;
    $("mega-pile").textContent = t("board.mega", { presses: count("press", view.mega_pile) });
    renderPrompt(view, legal, me, readonly);
    renderHand(view, legal, readonly);
    renderActions(view, legal, readonly);
    $("replay-bar").hidden = !readonly;
    $("log-panel").hidden = readonly;
    $("chat-form").hidden = readonly || S.seat === null;
    renderHostPanel(readonly);
    restoreFocus(focus);
    turnAlert(document.body.dataset.myTurn === "yes");
  }

  function renderSeats(view, me) {
    const box = $("seats");
    box.replaceChildren();
    for (let i = 0; i < view.players; i++) {
      const seat = S.table.seats[i] || { name: "#" + (i + 1), kind: "human", connected: true };
      const classes = ["seat"];
      if (view.to_act === i) classes.push("to-act");
      if (i === me) classes.push("me");
      if (!view.active[i]) classes.push("out");
      const cards = count("cards", view.hand_counts[i]);
      const points = count("pts", view.scores[i]);
      const chip = h("div", {
        class: classes.join(" "),
        dataset: { seat: String(i) },
        title: seatName(i) + " — " + cards + ", " + points,
        "aria-current": view.to_act === i ? "true" : null,
      });
      chip.append(h("div", { class: "name" }, seatName(i)));
      chip.append(seatFan(view.hand_counts[i]));
      const meta = h("div", { class: "meta" });
      meta.append(h("span", { class: "count", text: cards }));
      meta.append(h("span", { class: "pts", text: points }));
      chip.append(meta);
      const badges = h("div", { class: "meta badges" });
      if (view.dealer === i) badges.append(h("span", { class: "badge", text: t("seat.dealer") }));
      if (view.said_uno[i]) badges.append(h("span", { class: "badge uno", text: t("seat.uno") }));
      if (view.catchable === i) badges.append(h("span", { class: "badge catchable", text: t("seat.catchable") }));
      if (seat.kind === "bot") badges.append(h("span", { class: "badge", text: t("seat.bot") }));
      if (seat.autopilot) badges.append(h("span", { class: "badge away", text: t("seat.auto") }));
      else if (seat.kind === "human" && !seat.connected) badges.append(h("span", { class: "badge away", text: t("seat.away") }));
      if (!view.active[i]) badges.append(h("span", { class: "badge", text: t("seat.out") }));
      const owed = view.duties.filter((d) => d.seat === i).reduce((sum, d) => sum + d.presses, 0);
      if (view.duties.some((d) => d.seat === i)) {
        badges.append(h("span", { class: "badge", text: t("seat.owes", { n: owed || "∞" }) }));
      }
      if (badges.children.length) chip.append(badges);
      box.append(chip);
    }
    box.dataset.count = String(view.players);
    placeSeats(box, view.players, me);
    renderClock();
    const acting = box.querySelector(".seat.to-act");
    // The strip wraps, so every seat is in it; should it ever scroll, the seat to act
    // is brought into view.
    if (acting && box.scrollWidth > box.clientWidth) acting.scrollIntoView({ block: "nearest", inline: "nearest" });
    placeToast();
  }

  // ------------------------------------------------------------------ seats around the table

  // The most card backs a seat's fan shows (fewer in a phone's narrow seats): the
  // number says the rest.
  function fanMax() {
    return window.matchMedia("(max-width: 719px)").matches ? 5 : 8;
  }

  // A seat's hand as a fan of card backs (its size in words is the seat's count).
  function seatFan(n) {
    const fan = h("div", { class: "fan", "aria-hidden": "true", dataset: { n: String(n) } });
    const most = fanMax();
    const shown = Math.min(n, most);
    for (let k = 0; k < shown; k++) {
      const back = h("i", {});
      back.style.setProperty("--k", String(k - (shown - 1) / 2));
      fan.append(back);
    }
    if (n > most) fan.append(h("b", { class: "more", text: "+" + (n - most) }));
    return fan;
  }

  // Where each seat sits around the oval table (on a wide screen): this seat at the
  // bottom, the others clockwise from its left, in the order of play. A phone shows
  // the seats as a strip instead, and ignores these places.
  function placeSeats(box, players, me) {
    const first = me === null || me === undefined ? 0 : me;
    for (const chip of box.children) {
      const k = (Number(chip.dataset.seat) - first + players) % players;
      const angle = Math.PI / 2 + (2 * Math.PI * k) / players;
      chip.style.setProperty("--sx", (50 + 44 * Math.cos(angle)).toFixed(2) + "%");
      chip.style.setProperty("--sy", (50 + 40 * Math.sin(angle)).toFixed(2) + "%");
    }
  }

  // ------------------------------------------------------------------ the turn clock

  // The turn timer of the seat to act, as the server last said (docs/protocol.md,
  // "clock"): it counts down from when the message arrived.
  let clockTicker = 0;

  function setClock(clock) {
    S.clock = clock ? { seat: clock.seat, seconds: clock.seconds, endsAt: performance.now() + clock.ends_in * 1000 } : null;
    if (S.clock && !clockTicker) clockTicker = setInterval(renderClock, 250);
    if (!S.clock && clockTicker) {
      clearInterval(clockTicker);
      clockTicker = 0;
    }
  }

  // A bar that empties in the chip of the seat to act, with the seconds left in words.
  function renderClock() {
    const clock = S.replay ? null : S.clock;
    for (const old of document.querySelectorAll("#seats .turn-clock")) {
      if (!clock || old.parentElement.dataset.seat !== String(clock.seat)) old.remove();
    }
    if (!clock) return;
    const chip = seatChip(clock.seat);
    if (!chip) return;
    let box = chip.querySelector(".turn-clock");
    if (!box) {
      box = h("div", { class: "turn-clock", role: "timer" }, h("span", { class: "track" }, h("i", { class: "bar" })), h("span", { class: "left" }));
      chip.append(box);
    }
    const left = Math.max(0, (clock.endsAt - performance.now()) / 1000);
    const seconds = Math.ceil(left);
    const fraction = clock.seconds > 0 ? Math.min(1, left / clock.seconds) : 0;
    box.querySelector(".bar").style.width = (fraction * 100).toFixed(1) + "%";
    box.classList.toggle("low", left <= Math.min(10, clock.seconds / 3));
    box.querySelector(".left").textContent = t("clock.short", { n: seconds });
    box.setAttribute("aria-label", t("clock.left", { who: seatName(clock.seat), n: seconds }));
    box.dataset.left = String(seconds);
  }

  function renderPrompt(view, legal, me, readonly) {
    const prompt = $("prompt");
    let text = "";
    let mine = false;
    const to = view.to_act;
    const duty = view.duties[0];
    const left = duty ? (duty.until_fire ? t("left.fire") : t("left.n", { n: duty.presses })) : "";
    if (view.result) text = t("prompt.over");
    else if (!readonly && S.pause && S.handover) text = t("prompt.between", { n: S.handover.hand_number });
    else if (!readonly && me !== null && to === me) {
      mine = true;
      const plays = legal.some((a) => a.kind === "play");
      if (view.phase === "choose_colour") text = t("prompt.colour");
      else if (view.phase === "pressing") {
        text = duty && duty.until_fire ? t("prompt.press.fire") : t("prompt.press", { left });
        if (plays) text += t("prompt.stack");
        if (legal.some((a) => a.kind === "stop")) text += t("prompt.stop");
      } else text = plays ? t("prompt.turn") : t("prompt.turn.none");
      if (S.unoArmed) text += t("prompt.armed");
    } else if (to !== null) {
      if (view.phase === "pressing") text = t("prompt.wait.press", { who: seatName(to), left });
      else if (view.phase === "choose_colour") text = t("prompt.wait.colour", { who: seatName(to) });
      else text = t("prompt.wait", { who: seatName(to) });
      // A spectator's hand panel already says "You are watching"; one the host took off
      // their seat is told why.
      if (me === null && !readonly && S.kicked) text = t("prompt.kicked") + " " + text;
    }
    if (legal.some((a) => a.kind === "say_uno")) {
      text = t("prompt.liable") + " " + text;
      mine = true;
    } else {
      const catchable = legal.find((a) => a.kind === "catch");
      if (catchable) {
        text = t("prompt.catch", { who: seatName(catchable.target) }) + " " + text;
        mine = true;
      }
    }
    prompt.textContent = text;
    prompt.classList.toggle("mine", mine);
  }

  const KIND_ORDER = ["number", "skip", "reverse", "hit1", "hit2", "discard_all", "trade_hands"];

  function sortKey(text) {
    const face = S.faces[text] || {};
    const colour = face.colour ? COLOURS.indexOf(face.colour) : 4;
    const kind = KIND_ORDER.indexOf(face.kind);
    return colour * 1000 + (kind < 0 ? 900 : kind * 10) + (face.number || 0);
  }

  function renderHand(view, legal, readonly) {
    const box = $("hand");
    box.replaceChildren();
    if (view.hand === null) {
      $("hand-title").textContent = t("hand.spectator");
      box.className = "hand";
      return;
    }
    $("hand-title").textContent = t("hand.title", { n: view.hand.length });
    box.className = "hand" + (view.hand.length > 20 ? " lots" : view.hand.length > 12 ? " many" : "");
    const playable = new Set(legal.filter((a) => a.kind === "play").map((a) => a.card));
    const arriving = S.arriving.slice();
    S.arriving = [];
    const cards = view.hand.slice().sort((a, b) => sortKey(a) - sortKey(b));
    let order = 0;
    for (const card of cards) {
      const el = cardEl(card, "button");
      el.type = "button";
      if (!readonly) {
        el.classList.add(playable.has(card) ? "playable" : "dim");
        el.addEventListener("click", () => onCard(card));
      }
      const at = arriving.indexOf(card);
      if (at >= 0) {
        arriving.splice(at, 1);
        el.classList.add("arriving");
        el.style.animationDelay = 0.25 + order++ * 0.16 + "s";
      }
      box.append(el);
    }
  }

  function renderActions(view, legal, readonly) {
    const seated = !readonly && S.seat !== null && !view.result;
    $("actions").hidden = !seated;
    if (!seated) {
      closePicker();
      return;
    }
    const mine = view.to_act === S.seat;
    const press = legal.some((a) => a.kind === "press");
    $("btn-press").disabled = !press;
    $("btn-press").classList.toggle("ready", press && mine);
    const stop = legal.some((a) => a.kind === "stop");
    $("btn-stop").hidden = !stop;
    const uno = $("btn-uno");
    const say = legal.some((a) => a.kind === "say_uno");
    const armable = legal.some((a) => a.kind === "play" && a.uno);
    if (!armable) S.unoArmed = false;
    uno.classList.toggle("ready", say || (armable && !S.unoArmed));
    uno.classList.toggle("armed", S.unoArmed);
    uno.classList.toggle("idle", !say && !armable);
    uno.textContent = S.unoArmed ? t("btn.uno.armed") : t("btn.uno");
    const catches = $("catches");
    catches.replaceChildren(
      ...legal
        .filter((a) => a.kind === "catch")
        .map((a) =>
          h("button", {
            type: "button",
            class: "act catch",
            id: "btn-catch-" + a.target,
            text: t("btn.catch", { who: seatName(a.target) }),
            onclick: () => act(a.text),
          })
        )
    );
    // The coach: only for this seat's own decision, and only where the host allows hints.
    const hint = $("btn-hint");
    const deciding = legal.some((a) => a.kind !== "say_uno" && a.kind !== "catch");
    hint.hidden = !(S.table && S.table.hints && deciding);
    hint.disabled = S.hinting === S.state;
    hint.textContent = S.hinting === S.state ? t("btn.hint.thinking") : t("btn.hint");
    if ($("hint-panel").dataset.state !== String(S.state)) $("hint-panel").hidden = true;
    const colours = legal.filter((a) => a.kind === "choose_colour");
    if (colours.length) {
      if (!S.picker || S.picker.kind !== "start") {
        openPicker({
          kind: "start",
          title: t("prompt.colour"),
          options: colours.map((a) => ({ colour: a.colour, label: colourName(a.colour), pick: () => act(a.text) })),
          cancel: false,
        });
      }
    } else if (S.picker && (S.picker.kind === "start" || S.picker.state !== S.state)) {
      closePicker();
    }
  }

  // A decision in words, as the coach gives it: "play red 5 and say UNO".
  function actionWords(a) {
    if (a.kind === "press") return t("act.press");
    if (a.kind === "stop") return t("act.stop");
    if (a.kind === "choose_colour") return t("act.colour", { colour: colourName(a.colour) });
    if (a.kind !== "play") return a.text;
    let text = t("act.play", { card: cardName(a.card) });
    if (a.colour) text += t("act.play.colour", { colour: colourName(a.colour) });
    if (a.target !== null) text += t("act.play.target", { who: seatName(a.target) });
    if (a.uno) text += t("act.play.uno");
    return text;
  }

  function askHint() {
    if (S.hinting === S.state) return;
    S.hinting = S.state;
    S.ref += 1;
    send({ type: "hint", state: S.state, ref: S.ref });
    render();
  }

  function showHint(m) {
    if (m.state !== S.state) return; // the table moved on while the coach thought
    S.hint = m; // kept, so that a change of language says it again in the new words
    const panel = $("hint-panel");
    panel.dataset.state = String(m.state);
    $("hint-moves").replaceChildren(
      ...m.moves.map((move) =>
        h("li", {
          text: move.win_chance === null
            ? t("hint.only", { move: actionWords(move.action) })
            : t("hint.line", { move: actionWords(move.action), chance: Math.round(move.win_chance * 100) }),
        })
      )
    );
    // Equal figures guide nobody: the coach says when its moves are about even.
    $("hint-even").hidden = !m.even;
    $("hint-even").textContent = m.even ? t("hint.even") : "";
    panel.hidden = false;
  }

  function renderHostPanel(readonly) {
    const panel = $("host-panel");
    const show = !readonly && isHost() && S.table.status === "playing";
    panel.hidden = !show;
    if (!show) return;
    const box = $("host-kicks");
    box.replaceChildren();
    S.table.seats.forEach((seat, index) => {
      if (seat.kind === "bot" && seat.kicked) {
        box.append(
          h("button", {
            type: "button",
            class: "readmit",
            dataset: { seat: String(index) },
            text: t("btn.readmit", { who: seat.name }),
            onclick: () => host("seats/" + index + "/readmit", {}),
          })
        );
      }
      if (seat.kind !== "human" || index === S.seat) return;
      const kick = () => host("seats/" + index + "/kick", {});
      box.append(
        h("button", {
          type: "button",
          class: "kick",
          dataset: { seat: String(index) },
          text: t("btn.kick", { who: seat.name }),
          onclick: () => confirmThen(t("confirm.kick", { who: seat.name }), t("confirm.kick.yes"), kick),
        })
      );
    });
    const pacing = renderPacePlay();
    panel.hidden = !box.children.length && !pacing;
  }

  // ------------------------------------------------------------------ playing

  function onCard(card) {
    const legal = legalOf(S.view);
    const plays = legal.filter((a) => a.kind === "play" && a.card === card);
    if (!plays.length) {
      submit(playToExplain(card)); // the table says why it cannot be played
      return;
    }
    choose(plays, card, {});
  }

  // The play of a card no legal action plays, to ask the table why: with its choices
  // made (red for a wild, the next seat still playing for a card aimed at a player), like
  // the engine's play_to_explain, so that the reason is what stops every play of the
  // card, never a choice left open.
  function playToExplain(card) {
    const face = S.faces[card] || {};
    let text = "play " + card;
    if (!face.colour) text += " R";
    if (AIMED.includes(face.kind)) text += " @" + nextSeatPlaying();
    return text;
  }

  function nextSeatPlaying() {
    const n = S.view.players;
    for (let step = 1; step < n; step++) {
      const seat = (S.seat + step) % n;
      if (S.view.active[seat]) return seat;
    }
    return (S.seat + 1) % n;
  }

  function unique(values) {
    return [...new Set(values)];
  }

  // The variants of one play differ by colour, target and UNO: ask for what differs.
  function choose(plays, card, picked) {
    const fit = plays.filter(
      (a) => (!("colour" in picked) || a.colour === picked.colour) && (!("target" in picked) || a.target === picked.target)
    );
    const colours = unique(fit.map((a) => a.colour));
    if (colours.length > 1) {
      openPicker({
        kind: "colour",
        title: t("pick.colour.for", { card: cardName(card) }),
        options: colours.map((c) => ({ colour: c, label: colourName(c), pick: () => choose(plays, card, { ...picked, colour: c }) })),
        cancel: true,
      });
      return;
    }
    const targets = unique(fit.map((a) => a.target));
    if (targets.length > 1) {
      openPicker({
        kind: "target",
        title: t("pick.target", { card: cardName(card) }),
        options: targets.map((s) => ({ target: s, label: seatName(s), pick: () => choose(plays, card, { ...picked, target: s }) })),
        cancel: true,
      });
      return;
    }
    const wantUno = S.unoArmed && fit.some((a) => a.uno);
    const action = fit.find((a) => a.uno === wantUno) || fit[0];
    closePicker();
    act(action.text);
  }

  function openPicker(picker) {
    picker.state = S.state;
    S.picker = picker;
    $("picker-title").textContent = picker.title;
    $("picker-options").replaceChildren(
      ...picker.options.map((o) =>
        h("button", {
          type: "button",
          class: o.colour ? "c-" + o.colour : "target",
          dataset: o.colour ? { colour: o.colour } : { target: String(o.target) },
          text: o.label,
          onclick: o.pick,
        })
      )
    );
    $("picker-cancel").hidden = !picker.cancel;
    $("picker").hidden = false;
    focusPicker(0);
  }

  function closePicker() {
    const focused = $("picker").contains(document.activeElement);
    S.picker = null;
    $("picker").hidden = true;
    if (focused) focusHand(null, handFocus); // the keyboard goes back to the hand
  }

  function onUno() {
    const legal = legalOf(S.view);
    const say = legal.find((a) => a.kind === "say_uno");
    if (say) {
      act(say.text);
      return;
    }
    if (legal.some((a) => a.kind === "play" && a.uno)) {
      S.unoArmed = !S.unoArmed;
      toast(S.unoArmed ? t("note.armed") : t("note.disarmed"));
      if (S.unoArmed) sound.uno();
      renderGame(S.view, false);
      return;
    }
    submit("uno"); // the table says why there is no UNO to say
  }

  // A key for "press", "stop" or "catch": the legal action, or the table says why not.
  function onSimple(kind) {
    const action = legalOf(S.view).find((a) => a.kind === kind);
    if (action) act(action.text);
    else if (kind !== "catch") submit(kind);
    else if (S.view.catchable !== null) submit("catch " + S.view.catchable);
    else toast(refusalText("not_catchable", { seat: -1 }), REFUSAL_MS); // the engine's catch of nobody
  }

  // ------------------------------------------------------------------ the log

  // The log keeps what happened (events and chat), not its words: a change of language
  // tells it again in the new one. The newest line is at the bottom, in view.
  const LOG_LINES = 150;

  function logEntry(entry) {
    S.log.push(entry);
    if (S.log.length > LOG_LINES) S.log.shift();
    const log = entry.chat ? $("chat-log") : $("log");
    log.append(logItem(entry));
    while (log.children.length > LOG_LINES) log.firstChild.remove();
    scrollLog();
  }

  function logItem(entry) {
    if (entry.chat) return h("li", { class: "chat" }, seatName(entry.chat.seat) + ": " + entry.chat.text);
    const ev = entry.ev;
    return h("li", { class: ev.seat === S.seat && S.seat !== null ? "mine" : null }, describe(ev));
  }

  function renderLog() {
    $("log").replaceChildren(...S.log.filter((e) => !e.chat).map(logItem));
    $("chat-log").replaceChildren(...S.log.filter((e) => e.chat).map(logItem));
    scrollLog();
  }

  function scrollLog() {
    for (const pane of [$("log-pane"), $("chat-pane")]) pane.scrollTop = pane.scrollHeight;
  }

  // A line of chat: in the chat tab; counted as unread while another tab is open,
  // unless it is this seat's own (``fresh``: it arrived now, not with a welcome).
  function chatLine(line, fresh) {
    logEntry({ chat: line });
    if (fresh && S.tab !== "chat" && line.seat !== S.seat) {
      S.unread += 1;
      renderUnread();
    }
  }

  function selectTab(name) {
    S.tab = name;
    for (const [tab, pane] of [["log", "log-pane"], ["chat", "chat-pane"]]) {
      const on = tab === name;
      const button = $("tab-" + tab);
      button.setAttribute("aria-selected", on ? "true" : "false");
      button.tabIndex = on ? 0 : -1;
      button.classList.toggle("on", on);
      $(pane).hidden = !on;
    }
    if (name === "chat") S.unread = 0;
    renderUnread();
    scrollLog();
  }

  function renderUnread() {
    const badge = $("chat-unread");
    badge.hidden = S.unread === 0;
    badge.querySelector(".num").textContent = String(S.unread);
    badge.querySelector(".sr-only").textContent = S.unread ? " (" + count("unread", S.unread) + ")" : "";
  }

  function describe(ev) {
    const who = seatName(ev.seat);
    switch (ev.type) {
      case "dealer_chosen":
        return t("ev.dealer_chosen", { who: seatName(ev.dealer) });
      case "hand_started":
        return t("ev.hand_started", { n: ev.hand_number, cards: count("cards", ev.hand_size) });
      case "dealt":
        return ev.cards ? t("ev.dealt.you", { cards: cardList(ev.cards) }) : null;
      case "start_card":
        return t(ev.returned ? "ev.start_card.returned" : "ev.start_card", { card: cardName(ev.card) });
      case "card_played": {
        const face = S.faces[ev.card] || {};
        const colour = face.colour ? "" : t("ev.card_played.colour", { colour: colourName(ev.colour) });
        const target = ev.target === null || ev.target === undefined ? "" : t("ev.card_played.target", { target: seatName(ev.target) });
        return t("ev.card_played", { who, card: cardName(ev.card), colour, target });
      }
      case "colour_chosen":
        return t("ev.colour_chosen", { who, colour: colourName(ev.colour) });
      case "must_press":
        return t("ev.must_press", { who, times: times(ev.presses), reason: t("reason." + ev.reason) });
      case "pressed": {
        let text;
        if (!ev.fired) text = t("ev.pressed.ding", { who });
        else if (ev.count + ev.stuck === 0) text = t("ev.pressed.misfire", { who });
        else text = t("ev.pressed.fire", { who, cards: count("cards", ev.count + ev.stuck) });
        if (ev.cards && ev.cards.length) text += t("ev.pressed.got", { cards: cardList(ev.cards) });
        return text;
      }
      case "stopped_pressing":
        return t("ev.stopped_pressing", { who });
      case "skipped":
        return t("ev.skipped", { who });
      case "direction_reversed":
        return t("ev.direction_reversed");
      case "hands_traded":
        return t("ev.hands_traded", { who, target: seatName(ev.target) });
      case "turn_started":
        return ev.bonus ? t("ev.turn_started.bonus", { who }) : null;
      case "uno_said":
        return t("ev.uno_said", { who });
      case "caught":
        return t("ev.caught", { catcher: seatName(ev.catcher), who, presses: count("press", ev.presses) });
      case "penalized":
        return t("ev.penalized", { who, presses: count("press", ev.presses) });
      case "reshuffled":
        return t("ev.reshuffled", { cards: count("cards", ev.stock_size) });
      case "hand_won":
        return t("ev.hand_won", {
          who,
          n: ev.hand_number,
          points: ev.points ? t("ev.hand_won.points", { points: ev.points }) : "",
        });
      case "hand_void":
        return t("ev.hand_void", { n: ev.hand_number });
      case "player_eliminated":
        return t("ev.player_eliminated", { who, points: count("points", ev.score) });
      case "match_won":
        return t("ev.match_won", { who: names(ev.winners) });
      default:
        return null;
    }
  }

  function narrate(ev) {
    if (describe(ev)) logEntry({ ev });
  }

  // ------------------------------------------------------------------ animation

  function seatChip(seat) {
    return document.querySelector('#seats .seat[data-seat="' + seat + '"]');
  }

  function animate(ev) {
    if (S.replay) return;
    if (ev.type === "pressed") {
      const launcher = $("launcher");
      const count = ev.count + ev.stuck;
      launcher.classList.remove("pressing", "firing");
      void launcher.offsetWidth; // restart the CSS animation
      launcher.classList.add(count ? "firing" : "pressing");
      sound.press();
      if (!ev.fired) sound.ding();
      else {
        sound.fire();
        fireBanner(ev);
      }
      if (count) {
        const mine = ev.seat === S.seat && ev.cards;
        const target = mine ? $("hand") : seatChip(ev.seat) || $("seats");
        fly($("launcher"), target, mine ? ev.cards : null, count);
        if (mine) S.arriving.push(...ev.cards);
      }
    } else if (ev.type === "card_played") {
      sound.play();
      flyPlay(ev);
    } else if (ev.type === "uno_said") {
      sound.uno();
      toast(t("ev.uno_said", { who: seatName(ev.seat) }));
    } else if (ev.type === "caught") {
      sound.caught();
      toast(describe(ev));
    } else if (ev.type === "hand_won") {
      sound.win();
      toast(t("note.hand_won", { who: seatName(ev.seat), n: ev.hand_number }));
    } else if (ev.type === "dealt" && ev.cards) {
      S.arriving.push(...ev.cards);
    } else if (ev.type === "hands_traded") {
      if (ev.seat === S.seat && ev.seat_cards) S.arriving.push(...ev.seat_cards);
      if (ev.target === S.seat && ev.target_cards) S.arriving.push(...ev.target_cards);
    }
  }

  // Cards shoot out of the launcher one by one towards whoever pressed.
  function fly(from, to, faces, count) {
    if (!from || !to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    const layer = $("flying");
    for (let i = 0; i < Math.min(count, 12); i++) {
      const el = faces && faces[i] ? cardEl(faces[i]) : backEl();
      el.classList.add("fly");
      const x = a.left + a.width / 2 - 20;
      const y = a.top + a.height / 2;
      el.style.left = x + "px";
      el.style.top = y + "px";
      el.style.opacity = "0";
      layer.append(el);
      const delay = 420 + i * 170;
      setTimeout(() => {
        el.style.opacity = "1";
        const dx = b.left + Math.min(b.width, 240) / 2 - 20 - x + (i - count / 2) * 8;
        const dy = b.top + Math.min(b.height, 120) / 2 - 30 - y;
        el.style.transform = "translate(" + dx + "px," + dy + "px) rotate(" + (i % 2 ? 18 : -18) + "deg)";
        sound.flick();
      }, delay);
      setTimeout(() => el.remove(), delay + 700);
    }
  }

  // ------------------------------------------------------------------ the launcher's news

  // How long the banner stays: long enough to read, longer when nothing moves; a
  // banner waiting behind it shortens it to BANNER_QUICK_MS.
  const BANNER_MS = 2500;
  const BANNER_CALM_MS = 4000;
  const BANNER_QUICK_MS = 1400;
  const BANNER_QUEUE_MAX = 2;
  let bannerTimer = 0;

  function clearBanners() {
    S.banners.length = 0;
    clearTimeout(bannerTimer);
    bannerTimer = 0;
    const banner = $("fire-banner");
    banner.hidden = true;
    banner.classList.remove("show");
  }

  // The launcher fired: "Zoé got 7 cards!", large, over the table.
  function fireBanner(ev) {
    const n = ev.count + ev.stuck;
    const mine = ev.seat === S.seat && S.seat !== null;
    const who = nameOf(S.table && S.table.seats[ev.seat], ev.seat);
    let text;
    if (mine) text = n ? t("fire.you", { cards: count("cards", n) }) : t("fire.you.none");
    else text = n ? t("fire.got", { who, cards: count("cards", n) }) : t("fire.none", { who });
    const pop = $("launcher-pop");
    pop.textContent = n ? "+" + n : "0";
    pop.classList.remove("show");
    void pop.offsetWidth; // restart its animation
    pop.classList.add("show");
    S.banners.push({ text, n, mine });
    // Bots can fire faster than anyone reads: only the newest news waits, so the
    // banner never lags behind the table.
    if (S.banners.length > BANNER_QUEUE_MAX) S.banners.splice(0, S.banners.length - BANNER_QUEUE_MAX);
    if (!bannerTimer) nextBanner();
    else if (S.banners.length) shortenBanner();
  }

  function nextBanner() {
    const banner = $("fire-banner");
    const item = S.banners.shift();
    bannerTimer = 0;
    if (!item) {
      banner.hidden = true;
      banner.classList.remove("show");
      return;
    }
    banner.textContent = item.text;
    banner.dataset.cards = String(item.n);
    banner.classList.toggle("mine", item.mine);
    banner.classList.toggle("lucky", item.n === 0);
    banner.hidden = false;
    banner.classList.remove("show");
    void banner.offsetWidth;
    banner.classList.add("show");
    S.bannerAt = performance.now();
    const ms = S.banners.length ? BANNER_QUICK_MS : reducedMotion() ? BANNER_CALM_MS : BANNER_MS;
    bannerTimer = setTimeout(nextBanner, ms);
  }

  // Another banner waits: the one shown goes once it has been up BANNER_QUICK_MS.
  function shortenBanner() {
    clearTimeout(bannerTimer);
    const shown = performance.now() - (S.bannerAt || 0);
    bannerTimer = setTimeout(nextBanner, Math.max(0, BANNER_QUICK_MS - shown));
  }

  // ------------------------------------------------------------------ flying plays

  // A played card flies from the hand (this seat's) or the seat that played it to the
  // pile; nothing flies when motion is reduced.
  function flyPlay(ev) {
    if (reducedMotion() || !ev.card) return;
    const pile = $("top-card");
    let from = null;
    if (ev.seat === S.seat && S.seat !== null) from = document.querySelector('#hand .card[data-card="' + ev.card + '"]');
    if (!from) from = seatChip(ev.seat);
    if (!from || !pile || typeof pile.animate !== "function") return;
    const a = from.getBoundingClientRect();
    const b = pile.getBoundingClientRect();
    if (!b.width) return;
    const el = cardEl(ev.card);
    el.classList.add("big", "fly-play");
    el.style.left = b.left + "px";
    el.style.top = b.top + "px";
    $("flying").append(el);
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    const turn = ev.seat % 2 ? 14 : -14;
    const flight = el.animate(
      [
        { transform: "translate(" + dx + "px, " + dy + "px) scale(0.55) rotate(" + -turn + "deg)", opacity: 0.6 },
        { transform: "translate(0, 0) scale(1.08) rotate(" + turn / 3 + "deg)", opacity: 1, offset: 0.8 },
        { transform: "translate(0, 0) scale(1) rotate(0deg)", opacity: 1 },
      ],
      { duration: 480, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" }
    );
    document.body.dataset.flights = String(Number(document.body.dataset.flights || 0) + 1);
    flight.onfinish = () => el.remove();
    flight.oncancel = () => el.remove();
  }

  // ------------------------------------------------------------------ your turn

  const PAGE_TITLE = document.title;

  // The seat's turn begins: a short chime (unless the sound is off), a buzz on a phone,
  // and, while the tab is hidden, the tab's title says so.
  function turnAlert(mine) {
    const began = mine && !S.myTurn;
    S.myTurn = mine;
    if (began) {
      sound.turn();
      // The cards to play come into view above the action bar (its scroll margin): on a
      // short screen, or with a long hand, they were under the bar until one scrolled.
      $("hand").scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
      if (typeof navigator.vibrate === "function" && tapped) {
        try {
          navigator.vibrate([90, 60, 90]);
        } catch (err) {
          // a browser that refuses to vibrate: the chime and the page still say it
        }
      }
    }
    renderTitle();
  }

  function renderTitle() {
    document.title = S.myTurn && document.hidden ? t("title.turn") : PAGE_TITLE;
  }

  // ------------------------------------------------------------------ the bots' pace

  function paceOptions(select, chosen = S.table.bot_pace || "normal") {
    const paces = (S.options && S.options.bot_paces) || ["quick", "normal", "relaxed"];
    select.replaceChildren(...paces.map((p) => h("option", { value: p, text: t("pace." + p), selected: p === chosen })));
    select.value = chosen;
  }

  // The host chooses how quickly the bots play, in the lobby.
  function renderPaceLobby() {
    const show = isHost() && S.table.status === "lobby";
    $("pace-lobby").hidden = !show;
    if (show && document.activeElement !== $("bot-pace")) paceOptions($("bot-pace"));
  }

  // ... and during the match, in the host's panel, when bots play; true if shown.
  function renderPacePlay() {
    const show = isHost() && S.table.status === "playing" && S.table.seats.some((seat) => seat.kind === "bot");
    $("pace-play").hidden = !show;
    if (show && document.activeElement !== $("bot-pace-play")) paceOptions($("bot-pace-play"));
    return show;
  }

  function wireLook() {
    for (const id of ["bot-pace", "bot-pace-play"]) {
      $(id).addEventListener("change", (event) => host("pace", { pace: event.target.value }));
    }
    $("tab-log").addEventListener("click", () => selectTab("log"));
    $("tab-chat").addEventListener("click", () => selectTab("chat"));
    $("log-tabs").addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const next = S.tab === "log" ? "chat" : "log";
      selectTab(next);
      $("tab-" + next).focus();
      event.preventDefault();
    });
    document.addEventListener("visibilitychange", renderTitle);
    $("btn-lang").addEventListener("click", () => {
      renderUnread();
      renderClock();
      renderTitle();
    });
  }

  // ------------------------------------------------------------------ results and replay

  function renderResults() {
    const result = S.view.result;
    clearBanners(); // the last press's news would cover the standings
    let text;
    if (S.seat !== null && result.winners.length === 1 && result.winners[0] === S.seat) text = t("results.you");
    else if (result.winners.length > 1) text = t("results.winners", { who: names(result.winners) });
    else text = t("results.winner", { who: seatName(result.winners[0]) });
    $("results-winner").textContent = text;
    const body = $("results-table").querySelector("tbody");
    // The standings: highest score first (lowest first when the lowest wins); equal
    // scores share a rank.
    const lowWins = result.winners.length && result.scores[result.winners[0]] < Math.max(...result.scores);
    const order = result.scores.map((_, seat) => seat);
    order.sort((a, b) => (lowWins ? result.scores[a] - result.scores[b] : result.scores[b] - result.scores[a]) || a - b);
    body.replaceChildren(
      ...order.map((seat) => {
        const rank = 1 + order.findIndex((other) => result.scores[other] === result.scores[seat]);
        return h(
          "tr",
          { class: result.winners.includes(seat) ? "winner" : null },
          h("td", { class: "rank", text: String(rank) }),
          h("td", {}, seatName(seat)),
          h("td", { class: "num", text: String(result.scores[seat]) })
        );
      })
    );
    // The last hand has no hand-over (the match ends with it): its summary is here.
    const last = S.handover;
    $("last-hand").hidden = !last;
    if (last) {
      $("last-hand-title").textContent = handTitle(last);
      fillHandTable($("last-hand-table"), last, last.type === "hand_won" ? last.scores : result.scores);
    }
    $("record-link").href = "/api/tables/" + S.code + "/record";
    $("rematch-btn").hidden = !isHost();
    $("rematch-note").hidden = isHost();
    celebrate();
  }

  async function replayTo(step) {
    const replay = S.replay;
    if (!replay) return;
    const headers = S.token ? { "X-Seat-Token": S.token } : {};
    const response = await fetch("/api/tables/" + S.code + "/replay?step=" + step, { headers });
    if (S.replay !== replay) return; // the replay was left (or a rematch began) meanwhile
    if (!response.ok) {
      toast(errorDetail(await response.json()));
      return;
    }
    const data = await response.json();
    replay.step = data.step;
    replay.steps = data.steps;
    show("game");
    document.body.dataset.screen = "replay";
    document.body.dataset.replayStep = String(data.step);
    renderGame(data.view, true);
    const slider = $("replay-slider");
    slider.max = String(data.steps);
    slider.value = String(data.step);
    $("replay-step").textContent = t("replay.step", { k: data.step, n: data.steps });
    const lines = data.events.map(describe).filter(Boolean);
    $("replay-action").textContent = data.step === 0 ? t("replay.deal") : lines.join(" ");
    $("replay-play").textContent = replay.timer ? t("replay.pause") : t("replay.play");
  }

  function startReplay() {
    S.replay = { step: 0, steps: 0, timer: 0 };
    $("flying").replaceChildren();
    closePicker();
    $("actions").hidden = true;
    replayTo(0);
  }

  function endReplay() {
    if (S.replay && S.replay.timer) clearInterval(S.replay.timer);
    S.replay = null;
  }

  function stopReplay() {
    endReplay();
    render();
  }

  function toggleReplayPlay() {
    const replay = S.replay;
    if (!replay) return;
    if (replay.timer) {
      clearInterval(replay.timer);
      replay.timer = 0;
    } else {
      replay.timer = setInterval(() => {
        if (!S.replay || replay.step >= replay.steps) {
          clearInterval(replay.timer);
          replay.timer = 0;
          if (S.replay) replayTo(replay.step);
          return;
        }
        replayTo(replay.step + 1);
      }, 700);
    }
    replayTo(replay.step);
  }

  // ------------------------------------------------------------------ presets

  // Classic, Family, Chaos: the server's presets of the chosen edition (GET /api/options,
  // unoattack.web.presets), each the house rules it changes. Choosing one fills the
  // form; a form that matches none says "Custom". The page holds no rule of its own.
  function presetsOf() {
    return editionInfo().presets || [];
  }

  function showPresets() {
    const names = [...presetsOf().map((p) => p.name), "custom"];
    const list = $("create-presets-list");
    list.replaceChildren(
      ...names.map((name) =>
        h(
          "label",
          { class: "preset", dataset: { preset: name } },
          h("input", { type: "radio", name: "preset", value: name, id: "preset-" + name, "aria-describedby": "preset-" + name + "-help" }),
          h("span", { class: "preset-name", text: t("preset." + name) }),
          h("span", { class: "preset-help", id: "preset-" + name + "-help", text: t("preset." + name + ".help") })
        )
      )
    );
    list.onchange = (event) => {
      if (event.target.value === "custom") $("create-rules").open = true;
      else choosePreset(event.target.value);
    };
    markPreset();
  }

  function presetValue(preset, rule) {
    return rule.name in preset.options ? preset.options[rule.name] : rule.default;
  }

  function choosePreset(name) {
    const preset = presetsOf().find((p) => p.name === name);
    if (!preset) return;
    for (const rule of editionInfo().house_rules) setRuleValue(rule, presetValue(preset, rule));
    showApplicableRules();
    markPreset();
  }

  // The preset the form holds now, among the rules that apply: or "custom".
  function presetOfForm() {
    const rules = editionInfo().house_rules;
    const found = presetsOf().find((preset) =>
      rules.every((rule) => {
        const row = ruleRowOf(rule.name);
        if (!row || row.hidden) return true;
        const want = presetValue(preset, rule);
        if (rule.type === "effects") {
          const shown = [...row.querySelectorAll("label.check:not([hidden]) input")];
          return shown.every((box) => box.checked === want.includes(box.value));
        }
        return String(ruleValue(rule)) === String(want);
      })
    );
    return found ? found.name : "custom";
  }

  function markPreset() {
    const name = presetOfForm();
    const box = $("preset-" + name);
    if (box) box.checked = true;
    $("create-presets").dataset.preset = name;
  }

  // ------------------------------------------------------------------ how to play

  // One screen: the goal, matching, the launcher, the edition's action cards (from the
  // server's deck: count and points), UNO and catching, scoring and the keys.
  async function openHowTo() {
    if (!(await loadOptions())) return;
    const select = $("howto-edition");
    select.replaceChildren(...S.options.editions.map((e) => h("option", { value: e.name, text: editionTitle(e) })));
    select.value = howToEdition();
    renderHowTo();
    if (!$("howto").open) $("howto").showModal();
  }

  function howToEdition() {
    if (S.table) return S.table.edition;
    if (document.body.dataset.screen === "home" && $("create-edition").value) return $("create-edition").value;
    return S.options.editions[0].name;
  }

  function renderHowTo() {
    if (!S.options || !$("howto-edition").value) return;
    const info = S.options.editions.find((e) => e.name === $("howto-edition").value) || S.options.editions[0];
    // At a table, its own edition is said with the table's house rules, each marked
    // where it is not the rulebook's; anywhere else, the edition's rulebook.
    const table = S.table && S.table.edition === info.name ? S.table : null;
    const rules = table ? table.rules : info.options;
    const house = (...names) => (table && names.some((name) => !sameRule(info, name, rules[name])) ? t("howto.house") : "");
    $("howto-edition").setAttribute("aria-label", t("howto.edition"));
    const ownTotals = table && rules.scoring_mode !== "first_to_500";
    $("howto-goal").textContent = ownTotals ? t("howto.goal.own", { house: house("scoring_mode") }) : t("howto.goal");
    $("howto-cards-title").textContent = t("howto.cards.h", { edition: editionTitle(info) });
    $("howto-cards").replaceChildren(
      ...info.cards
        .filter((card) => card.kind !== "number")
        .map((card) =>
          h(
            "li",
            { dataset: { kind: card.kind } },
            howToCard(card.kind),
            h(
              "span",
              { class: "words" },
              h("strong", { text: t("kind." + card.kind) }),
              " ",
              h("span", { class: "meta", text: "(" + t("howto.card.meta", { n: card.count, points: count("points", card.points) }) + ")" }),
              " " + howToKind(card.kind, table, rules, house)
            )
          )
        )
    );
    const notes = howToNotes(info, table, rules, house);
    $("howto-notes").replaceChildren(...notes.map((note) => h("li", { text: note })));
    $("howto-notes").hidden = !notes.length;
    // The deal and the reshuffle, in the numbers of the edition's data (or the table's).
    $("howto-deal").textContent = t("howto.deal", { cards: count("cards", rules.hand_size), house: house("hand_size") });
    const threshold = rules.reshuffle_threshold;
    $("howto-reshuffle").textContent =
      threshold === null || threshold === undefined
        ? t("howto.reshuffle.empty", { house: house("reshuffle_threshold") })
        : t("howto.reshuffle.at", { cards: count("cards", threshold), house: house("reshuffle_threshold") });
    const presses = rules.uno_penalty_presses;
    const uno = presses ? "howto.uno" : "howto.uno.none";
    $("howto-uno").textContent = t(uno, { presses: count("press", presses), house: house("uno_penalty_presses") });
    const score = table ? "howto.score." + rules.scoring_mode : "howto.score";
    $("howto-score").textContent = t(score, { target: rules.target_score, house: house("scoring_mode", "target_score") });
  }

  // A card of ``kind`` as the table draws it, beside its words, which say what it is: the
  // picture is for the eye only. A coloured kind is blue, the colour darkest on the
  // white oval (4.7 to 1); the style sheet draws its symbol without the dark outline and
  // "▼2" as large as one glyph, for axe-core's color-contrast.
  function howToCard(kind) {
    const wild = kind === "wild" || kind.startsWith("wild_");
    const el = faceEl({ colour: wild ? null : "B", kind, number: null }, t("kind." + kind), "span");
    el.removeAttribute("title");
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  // Whether a table's value of option `name` is the edition's own (a list of last-card
  // effects is compared on the effects the edition's cards can have).
  function sameRule(info, name, value) {
    const own = info.options[name];
    if (!Array.isArray(own)) return (value ?? null) === (own ?? null); // an absent option: none
    const rule = info.house_rules.find((r) => r.name === name);
    const met = rule ? rule.choices.map((c) => c.value) : [];
    const some = (list) => met.filter((e) => list.includes(e)).join();
    return some(value || []) === some(own);
  }

  // What a kind of card does, by the rules said (a table's, or the rulebook's). Rulebook
  // (2003): a player may not go out on a Trade Hands card; a house rule may let them.
  function howToKind(kind, table, rules, house) {
    if (!table) return t("howto.kind." + kind);
    if (kind === "trade_hands") {
      return t(rules.may_go_out_on_trade_hands ? "howto.kind.trade_hands.may" : "howto.kind.trade_hands.may_not");
    }
    if ((kind === "skip" || kind === "reverse") && rules.e2_extra_card_all_counts) {
      return t("howto.kind." + kind + ".again", { house: house("e2_extra_card_all_counts") });
    }
    if (kind === "reverse" && !rules.two_player_rules) return t("howto.kind.reverse.no_two", { house: house("two_player_rules") });
    if (kind === "wild_attack_attack" && rules.attack_resume === "next_unless_target_is_next") {
      return t("howto.kind.wild_attack_attack.next", { house: house("attack_resume") });
    }
    if (kind === "wild_custom") {
      const [effect, presses] = String(rules.wild_custom_effect).split(":");
      if (effect === "plain_wild") return t("howto.kind.wild_custom.plain", { house: house("wild_custom_effect") });
      const name = t("effect." + effect);
      const acts = t("howto.kind.wild_custom.table", {
        effect: presses ? t("effect.presses", { effect: name, presses: count("press", Number(presses)) }) : name,
        does: t("effect." + effect + ".does"),
        house: house("wild_custom_effect"),
      });
      if (effect !== "trade_hands") return acts;
      // The engine holds a Wild Customizable written as a Trade Hands to the Trade Hands'
      // rule (P03, R31): no going out on it, unless the table's house rule allows it.
      const out = rules.may_go_out_on_trade_hands ? "may" : "may_not";
      return acts + " " + t("howto.kind.wild_custom.trade." + out, { house: house("may_go_out_on_trade_hands") });
    }
    return t("howto.kind." + kind);
  }

  // The notes under the cards: stacking, stopping once cards come out and, at a table, a
  // last card that makes nobody press.
  function howToNotes(info, table, rules, house) {
    const notes = [];
    const hits = info.house_rules.some((r) => r.name === "stacking");
    if (rules.stacking) notes.push(t("howto.note.stacking", { house: house("stacking") }));
    else if (table && hits && info.options.stacking) notes.push(t("howto.note.no_stacking", { house: house("stacking") }));
    if (table && rules.stacking && rules.allow_stack_after_out) {
      notes.push(t("howto.note.stack_after_out", { house: house("allow_stack_after_out") }));
    }
    const stop = rules.stop_after_fire;
    if (stop !== "never") {
      const scope = table && rules.fr_stop_on_fire_scope === "hit_cards" ? ".hit_cards" : "";
      const key = stop === "choose" ? "howto.note.stop.choose" : "howto.note.stop";
      notes.push(t(key + scope, { house: house("stop_after_fire", "fr_stop_on_fire_scope") }));
    } else if (table && info.options.stop_after_fire !== "never") {
      notes.push(t("howto.note.no_stop", { house: house("stop_after_fire") }));
    }
    if (table && !sameRule(info, "last_card_effects", rules.last_card_effects)) {
      const rule = info.house_rules.find((r) => r.name === "last_card_effects");
      const effects = rule.choices.map((c) => c.value).filter((e) => rules.last_card_effects.includes(e));
      notes.push(
        effects.length
          ? t("howto.note.last_some", { effects: effects.map((e) => t("last." + e)).join(", "), house: house("last_card_effects") })
          : t("howto.note.last_none", { house: house("last_card_effects") })
      );
    }
    return notes;
  }

  // ------------------------------------------------------------------ reduced motion

  // "Reduce motion" (the top bar's toggle, remembered) or else the system's setting puts
  // the class reduce-motion on <html>: the style sheet then stops animations.
  const MOTION_KEY = "uno.motion";
  const motionQuery = window.matchMedia("(prefers-reduced-motion: reduce)");

  function motionReduced() {
    const saved = store.getItem(MOTION_KEY);
    if (saved === "reduce") return true;
    if (saved === "full") return false;
    return motionQuery.matches;
  }

  function applyMotion() {
    const reduced = motionReduced();
    document.documentElement.classList.toggle("reduce-motion", reduced);
    $("btn-motion").setAttribute("aria-pressed", String(reduced));
  }

  function toggleMotion() {
    store.setItem(MOTION_KEY, motionReduced() ? "full" : "reduce");
    applyMotion();
  }

  // ------------------------------------------------------------------ keyboard

  // A hand played with the keyboard: H goes to the hand, arrows move between its cards,
  // Enter or Space plays the focused one. The hand is drawn again after every update,
  // so the focus is put back on the same card, or on its neighbour once it is played.
  let handFocus = -1;

  function handCards() {
    return [...$("hand").querySelectorAll(".card")];
  }

  function rememberFocus() {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    if ($("hand").contains(el) && el.dataset.card) {
      return { where: "hand", card: el.dataset.card, index: handCards().indexOf(el) };
    }
    if ($("picker").contains(el)) return { where: "picker", index: [...$("picker-options").children].indexOf(el) };
    if (el.id) return { where: "id", id: el.id };
    return null;
  }

  function lost(el) {
    return !el || el === document.body || !el.isConnected || el.disabled || el.closest("[hidden]") !== null;
  }

  function restoreFocus(memory) {
    if (!memory || !lost(document.activeElement)) return;
    if (memory.where === "hand") focusHand(memory.card, memory.index);
    else if (memory.where === "picker" && !$("picker").hidden) focusPicker(memory.index);
    else if (memory.where === "id" && !lost($(memory.id))) $(memory.id).focus();
    else focusHand(null, handFocus);
  }

  // The card ``card`` if it is still in the hand, else the one at ``index``, else the
  // first playable card; with no card, the launcher's button.
  function focusHand(card, index) {
    if (document.body.dataset.screen !== "game" || S.replay) return;
    const cards = handCards();
    let target = card ? cards.find((el) => el.dataset.card === card) : null;
    if (!target && index >= 0 && cards.length) target = cards[Math.min(index, cards.length - 1)];
    if (!target) target = cards.find((el) => el.classList.contains("playable")) || cards[0];
    if (!target && !$("actions").hidden && !$("btn-press").disabled) target = $("btn-press");
    if (target) target.focus();
  }

  // When the hand over or the results replace the table, a focus left on nothing goes to
  // their button: "Next hand", or "Rematch" (the host) and "Watch the replay".
  function focusNewScreen() {
    if (!lost(document.activeElement) || document.querySelector("dialog[open]")) return;
    const screen = document.body.dataset.screen;
    let target = null;
    if (document.body.dataset.handover === "yes" && !$("next-hand-btn").hidden) target = $("next-hand-btn");
    else if (screen === "results") target = isHost() ? $("rematch-btn") : $("replay-btn");
    if (target) target.focus();
  }

  function focusPicker(index) {
    const options = [...$("picker-options").children];
    const target = options[Math.max(0, Math.min(index, options.length - 1))];
    if (target) target.focus();
  }

  // Arrow keys, Home and End move the focus among a row of buttons (the hand, a picker).
  function moveAmong(event) {
    const items = [...event.currentTarget.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (at < 0) return;
    const moves = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    items[(moves[event.key] + items.length) % items.length].focus();
  }

  // Enter and Space belong to the button that has the focus (a card, a picker's colour),
  // and every key to an open dialog: the table's keys leave them alone.
  function keepsItsKey(event) {
    if (document.querySelector("dialog[open]")) return true;
    const onButton = event.target.closest && event.target.closest("button, a, summary");
    return Boolean(onButton) && (event.key === "Enter" || event.key === " ");
  }

  // The words that only assistive technology reads, in the page's language.
  function applyAccessWords() {
    const label = (id, key) => {
      $(id).setAttribute("aria-label", t(key));
      $(id).title = t(key);
    };
    label("btn-howto", "howto.open");
    label("btn-motion", "motion.label");
    $("btn-motion").querySelector(".motion-text").textContent = t("motion.label");
    label("btn-lang", "lang.name");
    label("replay-first", "a11y.replay.first");
    label("replay-prev", "a11y.replay.prev");
    label("replay-next", "a11y.replay.next");
    label("replay-last", "a11y.replay.last");
    $("replay-slider").setAttribute("aria-label", t("a11y.replay.slider"));
    $("chat-input").setAttribute("aria-label", t("a11y.chat"));
    $("hand").setAttribute("aria-label", t("a11y.hand"));
    $("seats").setAttribute("aria-label", t("a11y.seats"));
    $("actions").setAttribute("aria-label", t("a11y.actions"));
    if ($("howto").open) renderHowTo();
  }

  function wireAccess() {
    applyMotion();
    motionQuery.addEventListener("change", applyMotion);
    $("btn-motion").addEventListener("click", toggleMotion);
    $("btn-howto").addEventListener("click", openHowTo);
    $("home-howto").addEventListener("click", openHowTo);
    $("howto-edition").addEventListener("change", renderHowTo);
    $("hand").addEventListener("keydown", moveAmong);
    $("picker-options").addEventListener("keydown", moveAmong);
    $("hand").addEventListener("focusin", (event) => {
      const at = handCards().indexOf(event.target);
      if (at >= 0) handFocus = at;
    });
  }

  // ------------------------------------------------------------------ wiring

  function wire() {
    $("btn-lang").addEventListener("click", () => {
      S.lang = S.lang === "en" ? "fr" : "en";
      store.setItem("uno.lang", S.lang);
      applyWords();
      if (document.body.dataset.screen === "home" && S.options) {
        fillEditions();
        fillLaunchers();
        paceOptions($("create-pace"), $("create-pace").value || "normal");
        fillRules(true);
        if (S.missing) $("home-notice").textContent = t("home.no_table", { code: S.missing });
      }
      if (S.replay) replayTo(S.replay.step);
      else render();
      if (S.hint && !$("hint-panel").hidden) showHint(S.hint);
      if (S.table) renderLog();
    });
    $("btn-mute").addEventListener("click", () => {
      S.muted = !S.muted;
      store.setItem("uno.muted", S.muted ? "1" : "0");
      applyWords();
    });
    oneAtATime($("create-form"), createTable);
    // A message about what was sent last goes once the form changes: the browser's own
    // checks may stop the next try before it reaches the page.
    $("create-form").addEventListener("input", () => {
      $("create-error").textContent = "";
    });
    $("join-code-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const code = $("join-code").value.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
      if (code) location.assign("/t/" + code);
    });
    oneAtATime($("join-form"), join);
    oneAtATime($("rejoin-form"), reclaim);
    $("copy-invite").addEventListener("click", copyInvite);
    $("share-invite").addEventListener("click", shareInvite);
    $("confirm").addEventListener("close", () => {
      const action = S.confirmed;
      S.confirmed = null;
      if ($("confirm").returnValue === "yes" && action) action();
    });
    $("start-btn").addEventListener("click", () => host("start", {}));
    $("next-hand-btn").addEventListener("click", readyForNextHand);
    $("rematch-btn").addEventListener("click", () => host("rematch", {}));
    $("btn-press").addEventListener("click", () => onSimple("press"));
    $("btn-stop").addEventListener("click", () => onSimple("stop"));
    $("btn-uno").addEventListener("click", onUno);
    $("btn-hint").addEventListener("click", askHint);
    $("hint-close").addEventListener("click", () => { $("hint-panel").hidden = true; });
    $("picker-cancel").addEventListener("click", closePicker);
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("chat-input").value.trim();
      if (text) send({ type: "chat", state: S.state, text });
      $("chat-input").value = "";
    });
    $("replay-btn").addEventListener("click", startReplay);
    $("replay-back").addEventListener("click", stopReplay);
    $("replay-first").addEventListener("click", () => replayTo(0));
    $("replay-prev").addEventListener("click", () => replayTo(Math.max(0, S.replay.step - 1)));
    $("replay-next").addEventListener("click", () => replayTo(Math.min(S.replay.steps, S.replay.step + 1)));
    $("replay-last").addEventListener("click", () => replayTo(S.replay.steps));
    $("replay-play").addEventListener("click", toggleReplayPlay);
    $("replay-slider").addEventListener("change", (event) => replayTo(Number(event.target.value)));
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
      if (!S.view || S.replay || document.body.dataset.screen !== "game") return;
      if (keepsItsKey(event)) return;
      const key = event.key.toLowerCase();
      if (key === "h") focusHand(null, -1);
      else if (key === "u") onUno();
      else if (key === "p" || key === " ") onSimple("press");
      else if (key === "s") onSimple("stop");
      else if (key === "c") onSimple("catch");
      else if (key === "escape" && S.picker && S.picker.cancel) closePicker();
      else return;
      event.preventDefault();
    });
    document.addEventListener("click", () => sound.ensure(), { once: true });
    window.addEventListener("scroll", placeToast, { passive: true });
    window.addEventListener("resize", placeToast);
  }

  wire();
  wireAccess();
  wireLook();
  route();
})();
