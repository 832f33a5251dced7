// Scroll the source document (not the page) so the marked figure is in view.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var box = document.getElementById("doc");
  var mark = document.getElementById("figure") || document.getElementById("quote");
  if (!box || !mark) { return; }
  box.scrollTop = Math.max(0, mark.offsetTop - box.clientHeight / 3);
});
