// Keeps a game's page live: each change the server sends replaces the part of the page that shows the game.
// An event names its content; one that shows what the page already shows is skipped, so a button about to be
// clicked is never swapped for its twin.
// The stream closes when the page is left, so a page never holds a connection it no longer shows.
const live = document.getElementById("live");
if (live && window.EventSource) {
  const source = new EventSource(live.dataset.live);
  source.addEventListener("game", (event) => {
    if (event.lastEventId && event.lastEventId === live.dataset.shown) return;
    live.innerHTML = event.data;
    live.dataset.shown = event.lastEventId;
  });
  window.addEventListener("pagehide", () => source.close());
}
