
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var timer = countdown($("timer")), said = "", last = null, turned = null, turning = -1;
  var source = null, sound = false, player = null, playing = null;
  // The vote grid shows the newest proposals that fit its width and says how many are hidden.
  function fitVotes() {
    var table = $("votes"), note = $("older");
    if (!table || !last) { return; }
    var cells = table.querySelectorAll("[data-col]"), count = 0, hidden = 0, i;
    for (i = 0; i < cells.length; i++) {
      cells[i].classList.remove("gone");
      count = Math.max(count, +cells[i].dataset.col + 1);
    }
    var box = table.parentNode;
    while (table.offsetWidth > box.clientWidth && hidden < count - 1) {
      var old = table.querySelectorAll('[data-col="' + hidden + '"]');
      for (i = 0; i < old.length; i++) { old[i].classList.add("gone"); }
      hidden++;
    }
    note.hidden = hidden === 0;
    var form = hidden === 1 ? last.older.one : last.older.other;
    note.textContent = form.replace("{count}", hidden);
  }
  // A screen wider than tall cannot scroll: the type shrinks until everything fits, never
  // below the style's floor (1/40 of the screen's height); if it still does not fit, the
  // sections flow into three columns, where the vote grid shows fewer older proposals.
  function fit() {
    var root = document.documentElement, columns = document.querySelector(".columns");
    if (columns) { columns.classList.remove("three"); }
    if (!shrink(root) && columns) {
      columns.classList.add("three");
      shrink(root);
    }
  }
  // The type from full size down to half (where every size meets its floor) until the page
  // fits: whether it does (a screen taller than wide scrolls, and always fits).
  function shrink(root) {
    var type = 1;
    root.style.setProperty("--type", "1");
    fitVotes();
    if (innerWidth <= innerHeight || document.body.classList.contains("dark")) { return true; }
    for (var n = 0; n < 12 && root.scrollHeight > innerHeight && type > 0.5; n++) {
      type = Math.max(type * 0.94, 0.5);
      root.style.setProperty("--type", String(type));
      fitVotes();
    }
    return root.scrollHeight <= innerHeight;
  }
  // After a game: one step at a time, each as long as it says, turned by the server's clock
  // (how far it had turned when this screen heard from it), so every screen shows the same.
  function turn() {
    var steps = document.querySelectorAll("#after > .step"), lengths = [], total = 0, i;
    if (!steps.length || turned === null) { return; }
    for (i = 0; i < steps.length; i++) {
      lengths.push(+steps[i].dataset.seconds * 1000);
      total += lengths[i];
    }
    var at = (performance.now() - turned) % total;
    for (i = 0; i < steps.length - 1 && at >= lengths[i]; i++) { at -= lengths[i]; }
    if (i === turning) { return; }
    turning = i;
    for (var n = 0; n < steps.length; n++) { steps[n].hidden = n !== i; }
    var dwell = steps[i].querySelector(".dwell");
    dwell.style.animation = "dwell " + lengths[i] + "ms linear " + (-at) + "ms forwards";
    fit();
  }
  function speak(s) {
    var line = s.speech;
    $("spoken").textContent = line ? line.text : "";
    document.body.classList.toggle("speaking", !!line);
    if (!sound || !player) { return; }
    if (!line || !line.url) { if (playing) { player.pause(); playing = null; } return; }
    if (line.url !== playing) {
      playing = line.url;
      player.src = line.url;
      player.play().catch(function () {});
    }
  }
  function show(s) {
    last = s;
    document.documentElement.lang = s.lang;
    document.title = s.title;
    $("table").innerHTML = s.html;
    $("dark").textContent = s.eyes_closed;
    document.body.classList.toggle("dark", s.dark);
    var words = s.dark ? s.eyes_closed : s.announce;
    if (words !== said) { $("announce").textContent = words; said = words; }
    timer(s.timer);
    $("sound").textContent = sound ? s.sound.on : s.sound.off;
    turned = s.turned_ms === undefined ? null : performance.now() - s.turned_ms;
    turning = -1;
    fit();
    turn();
    speak(s);
    document.body.dataset.revision = s.revision;
  }
  // A broken stream the browser gave up on (a restarted display, a new address): ask until
  // the server answers, then listen again, or load the page that says the address changed.
  function check() {
    fetch("state.json", {cache: "no-store"}).then(function (r) {
      if (r.status === 404) { location.reload(); }
      else if (r.ok) { connect(); }
      else { setTimeout(check, 2000); }
    }, function () { setTimeout(check, 2000); });
  }
  function connect() {
    if (source) { source.close(); }
    source = new EventSource(sound ? "events?sound=1" : "events");
    source.addEventListener("state", function (e) {
      document.body.classList.remove("offline");
      show(JSON.parse(e.data));
    });
    source.onerror = function () {
      document.body.classList.add("offline");
      if (source.readyState === 2) { source.close(); setTimeout(check, 2000); }
    };
  }
  $("sound").addEventListener("click", function () {
    if (sound) { return; }
    player = new Audio("silence.wav");  // one tap unlocks the sound, as browsers require
    player.play().catch(function () {});
    sound = true;
    $("sound").setAttribute("aria-pressed", "true");
    if (last) { $("sound").textContent = last.sound.on; }
    connect();
  });
  addEventListener("resize", fit);
  fit();
  connect();
  setInterval(turn, 250);
})();
