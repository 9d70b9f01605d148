// The discussion timer: each page counts down from the milliseconds left when it was told,
// so its clock need not agree with the host's. `countdown(box)` gives the function to call
// with each new timer (or null: none).
function countdown(box) {
  var deadline = null, texts = null;
  function clock(s) {
    var w = Math.ceil(s);
    return Math.floor(w / 60) + ":" + String(w % 60).padStart(2, "0");
  }
  function tick() {
    if (deadline === null) { box.hidden = true; return; }
    var left = (deadline - performance.now()) / 1000;
    box.hidden = false;
    box.classList.toggle("over", left <= 0);
    box.classList.toggle("warn", left > 0 && left * 1000 <= texts.warning_ms);
    box.textContent = left > 0 ? texts.running.replace("{left}", clock(left))
                               : texts.over.replace("{over}", clock(-left));
  }
  setInterval(tick, 250);
  return function (timer) {
    deadline = timer ? performance.now() + timer.left_ms : null;
    texts = timer;
    tick();
  };
}
