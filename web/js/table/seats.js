// A seat's plate at a table: the player's name, a line of detail (bid, tricks, chips),
// whose turn it is (outlined, "to play" said in words too), and a thinking indicator
// while a computer player chooses in the worker. The plate is one line: what does not
// fit ends in an ellipsis, and the whole of it is the plate's title (its text stays in
// the page for screen readers).
//
//   const plate = new SeatPlate({seat, name, slot, you})   plate.el to place on the table
//   plate.set({name, detail, turn, thinking, badge})       any subset
//   plate.rect()                                           where cards fly from / to

export class SeatPlate {
  constructor({ seat, name, slot, you = false }) {
    this.seat = seat;
    this.el = document.createElement("div");
    this.el.className = "seat-plate";
    this.el.dataset.slot = slot;
    this.el.dataset.seat = String(seat);
    if (you) this.el.classList.add("you");
    this.el.innerHTML = `
      <span class="seat-name"></span>
      <span class="seat-badge" hidden></span>
      <span class="seat-detail"></span>
      <span class="seat-status" aria-hidden="true"><span class="dot"></span><span class="dot"></span><span class="dot"></span></span>
      <span class="sr-only seat-state"></span>`;
    this.state = { name, detail: "", turn: false, thinking: false, badge: "" };
    this.set({ name });
  }

  set(changes) {
    Object.assign(this.state, changes);
    const { name, detail, turn, thinking, badge } = this.state;
    this.el.querySelector(".seat-name").textContent = name;
    this.el.querySelector(".seat-detail").textContent = detail;
    this.el.title = [name, badge, detail].filter(Boolean).join(" · ");
    const badgeEl = this.el.querySelector(".seat-badge");
    badgeEl.hidden = !badge;
    badgeEl.textContent = badge || "";
    this.el.classList.toggle("turn", Boolean(turn));
    this.el.classList.toggle("thinking", Boolean(thinking));
    this.el.querySelector(".seat-state").textContent = thinking
      ? ", thinking"
      : turn
        ? ", to play"
        : "";
  }

  rect() {
    return this.el.getBoundingClientRect();
  }
}
