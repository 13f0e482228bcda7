// Keeps a game's page live: each change the server sends replaces the part of the page that shows the game.
// The stream closes when the page is left, so a page never holds a connection it no longer shows.
const live = document.getElementById("live");
if (live && window.EventSource) {
  const source = new EventSource(live.dataset.live);
  source.addEventListener("game", (event) => {
    live.innerHTML = event.data;
  });
  window.addEventListener("pagehide", () => source.close());
}
