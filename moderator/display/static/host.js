(function () {
  var $ = function (id) { return document.getElementById(id); };
  var token = document.querySelector('meta[name="page"]').content;
  var texts = JSON.parse(document.body.dataset.texts);
  var timer = countdown($("timer")), last = null, busy = false;
  // After an answer, the stream may still bring a state it read before the answer was
  // recorded (two connections keep no order between them): its frames are held until one
  // is of the answer's game and log (the stream has caught up), or a short while has passed
  // (then the newest held one is shown: nothing else happened, or it is what did).
  var awaited = null, held = null, release = null;
  function hold(key) {
    awaited = key;
    held = null;
    clearTimeout(release);
    release = setTimeout(function () {
      awaited = null;
      if (held) { show(held, false); }
    }, 2000);
  }
  function swap(id, html) {
    var old = $(id), box = document.createElement("div");
    box.innerHTML = html;
    old.replaceWith(box.firstElementChild);
  }
  // A step being answered (a choice made, a name ticked) stays while the game is where it
  // was when the answering began.
  function show(u, fresh) {
    var step = $("step");
    var begun = step.dataset.answers !== "[]" || ticked().length > 0;
    last = u;
    document.documentElement.lang = u.lang;
    document.title = u.title;
    swap("status", u.status);
    swap("tools", u.tools);
    if (fresh || !begun || step.dataset.key !== u.key) { swap("step", u.step); }
    document.body.classList.toggle("dark", u.dark);
    timer(u.timer);
  }
  // What the last request did (its lines, as HTML), or why nothing was done (a text).
  function tell(html, refused) {
    var box = $("notice");
    if (refused) { box.textContent = refused; } else { box.innerHTML = html || ""; }
    box.classList.toggle("refused", !!refused);
  }
  function id() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
  }
  // Every request names the page, the game and the log's length it was chosen at, and is
  // sent once: the server refuses a copy and anything chosen for a game that has moved on.
  function post(route, body) {
    if (busy) { return; }
    var step = $("step");
    busy = true;
    document.body.classList.add("busy");
    body.game = step.dataset.game || "";
    body.log = +(step.dataset.log || 0);
    body.request = id();
    fetch(route, {method: "POST", cache: "no-store", body: JSON.stringify(body),
                  headers: {"Content-Type": "application/json", "X-Moderator-Page": token}})
      .then(function (r) { return r.json(); })
      .then(function (r) {
        tell(r.notice, r.refused);
        if (r.update) { show(r.update, true); hold(r.update.key); }
        if (r.step) { swap("step", r.step); }
        if (r.rules !== undefined) { $("answer").innerHTML = r.rules; }
      })
      .catch(function () { tell("", texts.failed); })
      .then(function () { busy = false; document.body.classList.remove("busy"); });
  }
  function answers() { return JSON.parse($("step").dataset.answers); }
  function ticked() {
    var chosen = [];
    document.querySelectorAll('#step .some [aria-pressed="true"]').forEach(function (b) {
      chosen.push(+b.dataset.i);
    });
    return chosen;
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || busy) { return; }
    if (b.dataset.i !== undefined && b.closest(".some")) {
      b.setAttribute("aria-pressed", b.getAttribute("aria-pressed") === "true" ? "false" : "true");
      var confirm = $("step").querySelector("[data-confirm]"), n = ticked().length;
      var sizes = JSON.parse(confirm.dataset.sizes);
      confirm.textContent = JSON.parse(confirm.dataset.labels)[n];
      confirm.disabled = sizes.indexOf(n) < 0;
    } else if (b.dataset.i !== undefined) {
      post("act", {answers: answers().concat([+b.dataset.i])});
    } else if (b.dataset.confirm !== undefined) {
      post("act", {answers: answers().concat([ticked()])});
    } else if (b.dataset.record !== undefined) {
      post("act", {answers: answers()});
    } else if (b.dataset.again !== undefined && last) {
      swap("step", last.step);
    } else if (b.dataset.post === "rules") {
      post("rules", {query: $("query").value});
    } else if (b.dataset.post) {
      post(b.dataset.post, {});
    }
  });
  function connect() {
    var source = new EventSource("events");
    source.addEventListener("state", function (e) {
      var u = JSON.parse(e.data);
      document.body.classList.remove("offline");
      if (awaited !== null && u.key !== awaited) { held = u; return; }
      awaited = null;
      clearTimeout(release);
      show(u, false);
    });
    source.onerror = function () {
      document.body.classList.add("offline");
      if (source.readyState === 2) { source.close(); setTimeout(connect, 2000); }
    };
  }
  connect();
})();
