
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var timer = countdown($("timer")), said = "", last = null;
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
  // A screen wider than tall cannot scroll: the type shrinks until everything fits.
  function fit() {
    var root = document.documentElement;
    root.style.fontSize = "";
    fitVotes();
    if (innerWidth <= innerHeight || document.body.classList.contains("dark")) { return; }
    var size = parseFloat(getComputedStyle(root).fontSize);
    for (var n = 0; n < 30 && root.scrollHeight > innerHeight && size > 6; n++) {
      size *= 0.94;
      root.style.fontSize = size + "px";
      fitVotes();
    }
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
    fit();
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
})();
