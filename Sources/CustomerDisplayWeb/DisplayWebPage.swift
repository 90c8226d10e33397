import Foundation

/// The customer display's one page: inline CSS and JavaScript, nothing loaded from elsewhere. It opens
/// `/events` (with the page's own query, so a LAN token goes along), draws each view the server sends, drops one
/// whose sequence number is not newer than the last drawn from the same server run, and, when the stream drops,
/// shows the "closed" words of the last view instead of a total it can no longer vouch for. EventSource reconnects
/// by itself. The server writes the view current at the request into the page (`initial`), so the first paint needs
/// no round trip and a browser that snapshots the page at its load event (`chromium --dump-dom`, the tests) sees
/// the state of that moment. The texts come formatted and translated from the server; the page builds its DOM with textContent
/// only (no HTML from the stream is ever parsed).
enum DisplayWebPage {
    /// The page with `initial` drawn at load (JSON in a script block, `<` escaped so no text in it can end the block).
    static func html(initial: DisplayWebView?) -> String {
        let json = initial.map { view -> String in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(view)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        } ?? "null"
        return template.replacingOccurrences(of: "__INITIAL_VIEW__", with: json.replacingOccurrences(of: "<", with: "\\u003c"))
    }

    static let template = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer display</title>
<style>
  html, body { margin: 0; height: 100%; background: #101418; color: #f4f4f4;
    font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
  body { display: flex; flex-direction: column; }
  header { padding: 2vh 4vw; font-size: 4vh; color: #9fb3c8; border-bottom: 1px solid #2a3440; min-height: 5vh; }
  main { flex: 1; display: flex; flex-direction: column; padding: 2vh 4vw; overflow: hidden; }
  #headline { font-size: 9vh; font-weight: bold; text-align: center; margin-top: 6vh; }
  #note { font-size: 4vh; text-align: center; color: #9fb3c8; margin-top: 2vh; }
  #lines { list-style: none; margin: 0; padding: 0; flex: 1; overflow: hidden; display: flex; flex-direction: column;
    justify-content: flex-end; }
  #lines li { display: flex; justify-content: space-between; font-size: 4.5vh; padding: 0.6vh 0;
    border-bottom: 1px solid #1f2830; }
  #lines .detail { display: block; font-size: 3vh; color: #9fb3c8; }
  #rows { margin-top: 2vh; }
  .row { display: flex; justify-content: space-between; font-size: 5vh; padding: 0.5vh 0; }
  .row.strong { font-size: 8vh; font-weight: bold; }
  .amount { font-variant-numeric: tabular-nums; white-space: nowrap; margin-left: 2vw; }
  body.phase-idle #headline, body.phase-closed #headline { margin-top: 20vh; }
  body.phase-paid #headline { order: 3; margin-top: 2vh; color: #8fe388; }
  body.phase-paid #note { order: 4; }
  body.phase-paid #notice { order: 5; }
  body.phase-idle #lines, body.phase-closed #lines { display: none; }
  header { display: flex; align-items: center; justify-content: space-between; }
  #logo { max-height: 8vh; max-width: 30vw; margin-right: 2vw; }
  #logo[hidden] { display: none; }
  #brand { display: flex; align-items: center; }
  #customer { font-size: 3.5vh; color: #f4f4f4; }
  #card { font-size: 6vh; font-weight: bold; text-align: center; margin-top: 2vh; color: #ffd479; min-height: 0; }
  #card.kind-declined, #card.kind-cardProblem { color: #ff7b72; }
  #card.kind-approved { color: #8fe388; }
  #notice { font-size: 3.5vh; text-align: center; color: #ffb3ad; margin-top: 1vh; }
</style>
</head>
<body class="phase-closed" data-phase="closed" data-seq="0">
<header><span id="brand"><img id="logo" alt="" hidden><span id="store"></span></span><span id="customer"></span></header>
<main>
  <ul id="lines"></ul>
  <div id="rows"></div>
  <div id="card"></div>
  <div id="headline">Closed</div>
  <div id="note"></div>
  <div id="notice"></div>
</main>
<script id="initial" type="application/json">__INITIAL_VIEW__</script>
<script>
(function () {
  "use strict";
  var boot = null, seq = -1, last = null;
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function draw(view, phase) {
    document.documentElement.lang = view.lang || "en";
    document.body.className = "phase-" + phase;
    document.body.dataset.phase = phase;
    document.body.dataset.seq = String(view.seq);
    document.getElementById("store").textContent = view.store || "";
    var showSale = phase === "sale" || phase === "paid";
    var lines = document.getElementById("lines");
    lines.replaceChildren();
    var rows = document.getElementById("rows");
    rows.replaceChildren();
    if (showSale) {
      view.lines.forEach(function (line) {
        var item = el("li");
        var name = el("span", "name", line.name);
        if (line.detail) name.appendChild(el("span", "detail", line.detail));
        item.appendChild(name);
        item.appendChild(el("span", "amount", line.amount));
        lines.appendChild(item);
      });
      view.rows.forEach(function (row) {
        var div = el("div", row.strong ? "row strong" : "row");
        div.appendChild(el("span", "label", row.label));
        div.appendChild(el("span", "amount", row.amount));
        rows.appendChild(div);
      });
    }
    document.getElementById("headline").textContent = phase === "offline" ? view.offline : view.headline;
    document.getElementById("note").textContent = phase === "offline" ? "" : view.note;
    var card = document.getElementById("card");
    card.textContent = showSale ? (view.card || "") : "";
    card.className = view.cardKind ? "kind-" + view.cardKind : "";
    document.getElementById("customer").textContent = showSale ? (view.customer || "") : "";
    document.getElementById("notice").textContent = phase === "paid" ? (view.notice || "") : "";
  }
  // Once the browser painted a view: "shown <boot> <seq> <phase> <card step>" on the console (the tests measure the key-to-paint
  // latency from it; a kiosk ignores it).
  function shown(view) {
    requestAnimationFrame(function () {
      setTimeout(function () {
        console.info("shown " + view.boot + " " + view.seq + " " + view.phase + " " + (view.cardKind || "-"));
      }, 0);
    });
  }
  // The store's logo, when the till has one (GET /logo answers 404 otherwise).
  var logo = document.getElementById("logo");
  logo.onload = function () { logo.hidden = false; };
  logo.onerror = function () { logo.hidden = true; };
  logo.src = "logo" + window.location.search;
  var initial = JSON.parse(document.getElementById("initial").textContent);
  if (initial) { boot = initial.boot; seq = initial.seq; last = initial; draw(initial, initial.phase); shown(initial); }
  var source = new EventSource("events" + window.location.search);
  source.onmessage = function (event) {
    var view;
    try { view = JSON.parse(event.data); } catch (e) { return; }
    // A view from the same server run that is not newer than the one drawn is stale: dropped.
    if (view.boot === boot && view.seq <= seq) return;
    boot = view.boot; seq = view.seq; last = view;
    draw(view, view.phase);
    shown(view);
  };
  source.onerror = function () {
    // The till is gone or restarting: no total on screen until it answers again (EventSource retries by itself).
    if (last) draw(last, "offline");
  };
})();
</script>
</body>
</html>
"""#
}
