(function () {
  "use strict";
  var doc = document, button = null, shown = null;
  doc.documentElement.classList.add("js");
  function done(text) {
    button.textContent = "Copied: " + text;
    button.setAttribute("data-copied", "");
    doc.documentElement.setAttribute("data-copied", text);
  }
  function fallback(text) {
    var area = doc.createElement("textarea");
    area.value = text;
    doc.body.appendChild(area);
    area.select();
    try { if (doc.execCommand("copy")) { done(text); } } finally { area.remove(); }
  }
  function copy() {
    var text = shown && shown.getAttribute("data-citation");
    if (!text) { return; }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(text); }, function () { fallback(text); });
    } else {
      fallback(text);
    }
  }
  function show(event) {
    var target = event.target;
    if (!target || !target.closest || target === button) { return; }
    var cited = target.closest("[data-citation]");
    if (!cited || cited === shown) { return; }
    if (!button) {
      button = doc.createElement("button");
      button.type = "button";
      button.className = "cite-copy";
      button.title = "Copy the citation";
      button.addEventListener("click", copy);
      doc.body.appendChild(button);
    }
    shown = cited;
    var box = cited.getBoundingClientRect();
    button.textContent = cited.getAttribute("data-citation");
    button.removeAttribute("data-copied");
    button.style.top = (window.scrollY + box.top) + "px";
    button.style.left = (window.scrollX + Math.max(box.left, 0)) + "px";
  }
  doc.addEventListener("mouseover", show);
  doc.addEventListener("focusin", show);
}());
