// Keeps a game's page live: each change the server sends replaces the part of the page that shows the game.
const live = document.getElementById("live");
if (live && window.EventSource) {
  const source = new EventSource(live.dataset.live);
  source.addEventListener("game", (event) => {
    live.innerHTML = event.data;
  });
}
