// A game's page: what every table does, whatever the game. A game page is a subclass
// that draws its table and says what is its own (see TrickPage in table/flow.js for the
// trick-taking games, and the patience's page).
//
// - Opening: the address names a deal and options (table/links.js, each value checked;
//   a bad one is said in words and the page opens anyway); the saved game resumes when
//   it is that game; another game put aside earlier comes back; else a new game, dealt
//   at once with the last options (or the defaults: the options are in "New game"). A
//   link to another deal while a game is in progress asks first (table/dialogs.js
//   followLink): Keep leaves the game as it is; otherwise the game is kept
//   (store.keep) and comes back when its address is opened again (Back, say). A save
//   that cannot be read or that the engine refuses is reported kindly.
// - Saving after every move ({record, levels, position, pending, counted, summary}).
// - The tools (a toolbar that is one tab stop) and their keys; new game, export and
//   import of the record (table/record.js), statistics, hand history, help, rules.
// - The engine's worker dying: the page says so, waits for the new one and goes on with
//   the same game (table/session.js withEngine); the save is kept.
//
// A game page supplies the hooks of TableHooks (below) and may replace the defaults
// here: tool(name), ownKey(event), statsRows(data), help(), reviewEntries(entries, log),
// afterUse(fresh), optionsAsk(), leaving(), draft() (an unfinished choice, kept with the
// save: {position, cards}; the page finds it again in this.draftSaved).

import { h } from "../ui/dom.js";
import { closeOpenDialogs, openDialog } from "../ui/dialog.js";
import { iconButton } from "../ui/icons.js";
import { announce } from "../ui/live.js";
import { dropFleeting, toast } from "../ui/toast.js";
import { ChoiceGroup } from "./choices.js";
import { isRefusal } from "./moves.js";
import { confirmNewGame, followLink, showHelp, showHistory, unreadableSave } from "./dialogs.js";
import { GameLog } from "./history.js";
import { linkHash, readLink, sameGame } from "./links.js";
import { askOptions, randomSeed, remembered } from "./options.js";
import { exportRecord, importRecord, parseRecord } from "./record.js";
import { HostSession } from "./friends/host.js";
import { hostAgain } from "./friends/lobby.js";
import { PassSession, passHidden, sharing, usePeople } from "./pass.js";
import { sitAt } from "./seats.js";
import { TableSession, withEngine } from "./session.js";
import { createStats } from "./stats.js";
import { common, showStats } from "./stats.js";
import { messageOf } from "../engine/errors.js";

/**
 * A tool of the page's toolbar.
 * @typedef {object} ToolDef
 * @property {string} name what tool(name) is given
 * @property {string} label its words
 * @property {string} icon its icon's name (ui/icons.js)
 * @property {string} [key] its key, handled here
 * @property {string} [shortcut] a key only shown (the page handles it)
 * @property {boolean} [more] in the "More" dialog
 * @property {boolean} [narrowMore] in the "More" dialog on a phone
 */

/**
 * What a game's page says of its own, which TablePage calls (a subclass defines them):
 * - buildTable(section): draws its table in the page's section
 * - render(): draws the game as it is now
 * - resumeFlow(): goes on with the game once it is on screen (computer players, say)
 * - toolDefs(): its own tools, before commonTools()
 * - seatName(seat): "You", "North"...
 * - turnLine(): what the person is to do now, in words (read out on resuming)
 * - summaryLine(): the saved game's line on the home page
 * - historyEntries(log): the hand history's entries (table/dialogs.js showHistory)
 * @typedef {{
 *   buildTable(section: HTMLElement): void,
 *   render(): void,
 *   resumeFlow(): void | Promise<void>,
 *   toolDefs(): ToolDef[],
 *   seatName(seat: number): string,
 *   turnLine(): string,
 *   summaryLine(): string,
 *   historyEntries(log: GameLog): object[],
 * }} TableHooks
 */

// The root of the game pages, typed as having the hooks its subclasses supply: the
// JavaScript form of an abstract class (at run time a class like any other).
/** @type {new () => TableHooks} */
const HookedBase = /** @type {any} */ (Object);

const NARROW = window.matchMedia("(max-width: 640px)");

// A tool's button shows it is busy once its tool has taken this long (a quick one does
// not flicker)
const BUSY_AFTER_MS = 150;

/** Shows (or stops showing) that a button's work is under way: its icon pulses. */
function busy(/** @type {HTMLElement | null} */ button, on) {
  if (!button) return;
  button.classList.toggle("thinking", on);
  if (on) button.setAttribute("aria-busy", "true");
  else button.removeAttribute("aria-busy");
}
/** A table with friends on their own devices (table/friends/host.js), a table shared at
 * one device (table/pass.js), or a table of one person. */
const sessionType = ({ people = null, friends = null }) =>
  friends ? HostSession : sharing(people) ? PassSession : TableSession;

/**
 * A game's page for the person at this device, opened at the address's `params`: `Page`
 * (a TablePage) with the game's store and statistics, the person at `human` (a trick
 * game's seat; the patience has none). Opening may wait on a dialog (a save that cannot
 * be read), and routing must not wait with it.
 * @param {any} Page the game's page class
 * @param {HTMLElement} container
 * @param {any} params
 * @param {any} ctx
 * @param {{game: string, store: any, human?: number}} options
 */
export function mountPage(Page, container, params, ctx, { game, store, human }) {
  if (human !== undefined) sitAt(human);
  const seated = human === undefined ? {} : { human };
  const page = new Page(container, ctx, { game, store, stats: createStats(game), ...seated });
  page.open(params).catch((/** @type {unknown} */ error) => ctx.fault(error, page));
  return page;
}

export class TablePage extends HookedBase {
  /** What the game calls one deal played out: "hand" (Precedence) or "round" (Contract
   * Sabacc), in the history, the ledger and the summary's buttons. */
  get handWord() {
    return "hand";
  }

  /** "Hand" or "Round", to start a label. */
  get HandWord() {
    return this.handWord[0].toUpperCase() + this.handWord.slice(1);
  }

  constructor(container, ctx, { game, store, stats, human = 0, title = "" }) {
    super();
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.gameId = game;
    this.info = ctx.games.find((g) => g.id === game) || {
      id: game,
      name: title || game,
      options: {},
      levels: [],
      seats: [1, 1],
    };
    this.title = this.info.name;
    this.store = store;
    this.stats = stats;
    this.human = human; // the seat at the bottom of the table, whose hand is shown
    this.home = human; // ... where it is when a game starts (table/pass.js moves it)
    this.prefs = store.prefs();
    /** @type {ToolDef[] | null} the tools, once asked for (toolList) */
    this.toolsCache = null;
    this.session = null;
    this.pending = null; // moves after which a hand ended that the player has not seen
    this.counted = false;
    this.log = null;
    this.generation = 0;
    this.gone = false;
    this.toolStarting = false; // a tool pressed has not opened its dialog or ended yet
    // the HostSession of a table with friends (friends/lobby.js), while it is the game
    this.friends = null;
    this.onPageHide = () => this.closeFriends();
    window.addEventListener("pagehide", this.onPageHide);
    this.onLost = (lost) => this.engineLost(lost);
    // a worker that dies between moves is said at once (the bridge restarts it)
    this.stopWatching = this.engine.onDied?.(() => {
      this.engineLost(true);
      this.engine.ready.then(
        () => this.engineLost(false),
        () => {},
      );
    });
    this.buildPage(container);
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    ctx.setTitle(this.title);
  }

  // ---- the page -----------------------------------------------------------------

  buildPage(container) {
    this.heading = h("h1", {
      id: `${this.gameId}-title`,
      tabindex: "-1",
      "data-skip-target": true,
      text: this.title,
    });
    this.infoLine = h("p", { class: "tp-info" });
    this.toolbar = h("div", { class: "tp-tools" });
    this.engineNote = h("p", { class: "tp-engine", role: "alert", hidden: true });
    this.root = h(
      "section",
      {
        class: `table-page ${this.gameId}`,
        "aria-labelledby": this.heading.id,
        dataset: { game: this.gameId, turn: "wait" },
      },
      h(
        "header",
        { class: "tp-bar" },
        h("div", { class: "tp-heading" }, this.heading, this.infoLine),
        this.toolbar,
      ),
      this.engineNote,
    );
    container.append(this.root);
    this.tools = new ChoiceGroup(this.toolbar, { label: "Table tools", role: "toolbar" });
    /** @type {(tool: ToolDef, run: () => void) => HTMLButtonElement} */
    const button = ({ name, label, icon, key, shortcut }, run) => {
      const b = iconButton(icon, label, {
        className: "quiet tp-tool",
        shortcut: shortcut || (key ? key.toUpperCase() : ""),
      });
      b.dataset.value = name;
      b.dataset.tool = name;
      b.addEventListener("click", run);
      return b;
    };
    const list = this.toolList();
    const buttons = list
      .filter((tool) => !tool.more)
      .map((tool) => {
        const b = button(tool, () => this.runTool(tool.name));
        if (tool.narrowMore) b.dataset.narrowMore = "";
        return b;
      });
    if (list.some((tool) => tool.more)) {
      // on a phone, the tools marked narrowMore join the "More" dialog
      const more = () => list.filter((tool) => tool.more || (tool.narrowMore && NARROW.matches));
      const open = button({ name: "more", label: "More", icon: "more" }, () =>
        this.moreTools(more()),
      );
      open.setAttribute("aria-haspopup", "dialog");
      buttons.push(open);
    }
    this.tools.set(buttons);
    this.buildTable(this.root);
  }

  /** The page's tools, its own first: [{name, label, icon, key}] (toolDefs()). */
  toolList() {
    this.toolsCache ??= this.toolDefs();
    return this.toolsCache;
  }

  /** The tools every table has; a page adds its own before them. */
  commonTools() {
    return [
      { name: "new", label: "New game", icon: "deal", key: "n" },
      { name: "stats", label: "Statistics", icon: "stats", more: true },
      { name: "export", label: "Export game", icon: "download", more: true },
      { name: "import", label: "Import game", icon: "upload", more: true },
      { name: "help", label: "How to play", icon: "help", key: "?", more: true },
      { name: "rules", label: "Rules", icon: "book", more: true },
    ];
  }

  toolButton(name) {
    return this.toolbar.querySelector(`[data-tool="${name}"]`);
  }

  /** The tools used less often, in a small dialog. */
  async moreTools(tools) {
    let chosen = null;
    const body = h(
      "div",
      { class: "tp-more" },
      tools.map((tool) => {
        const b = iconButton(tool.icon, tool.label, {
          className: "tp-more-item",
          shortcut: tool.shortcut || (tool.key ? tool.key.toUpperCase() : ""),
        });
        b.addEventListener("click", () => {
          chosen = tool.name;
          b.closest("dialog").close();
        });
        return b;
      }),
    );
    await openDialog({
      title: "More",
      body,
      className: "tp-more-dialog",
      actions: [{ label: "Close", value: "close" }],
      initialFocus: ".tp-more-item",
    });
    if (chosen) await this.runTool(chosen);
  }

  key(event) {
    if (event.defaultPrevented || event.altKey || this.gone) return;
    if (document.querySelector("dialog[open]")) return;
    const t = event.target;
    if (
      t instanceof HTMLElement &&
      (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))
    )
      return;
    if (this.ownKey(event)) {
      event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    const tool = this.toolList().find((item) => item.key && item.key === event.key.toLowerCase());
    if (!tool) return;
    event.preventDefault();
    this.runTool(tool.name);
  }

  /** A page's own keys (true when handled). */
  ownKey(_event) {
    return false;
  }

  /** Runs a tool. One that takes a moment to show its dialog or its answer (a lobby
   * reading the site's network settings, a history being rebuilt, a page still starting
   * its engine) shows its button busy meanwhile, so that a press is never met by nothing:
   * on a phone, where the tool is in More, the More button. */
  async runTool(name) {
    // (a press while a tool gets its dialog ready, a fetch or an engine call, is not a
    // second tool: two dialogs would open, one over the other)
    if (this.gone || this.toolStarting || document.querySelector("dialog[open]")) return;
    this.toolStarting = true;
    const shown = (/** @type {HTMLElement | null} */ b) => (b?.offsetParent ? b : null);
    const button = shown(this.toolButton(name)) ?? shown(this.toolButton("more"));
    const timer = setTimeout(() => busy(button, true), BUSY_AFTER_MS);
    const done = () => {
      this.toolStarting = false;
      clearTimeout(timer);
      busy(button, false);
      document.removeEventListener("dialogopen", done);
    };
    document.addEventListener("dialogopen", done);
    try {
      await this.tool(name);
    } catch (error) {
      this.trouble(error);
    } finally {
      done();
    }
  }

  async tool(name) {
    const s = this.session;
    if (name === "new") return this.newGame();
    if (name === "help") return showHelp({ title: `How to play ${this.title}`, ...this.help() });
    if (name === "rules") {
      location.hash = `#rules/${this.gameId}`;
      return;
    }
    if (name === "stats")
      return showStats(this.stats, {
        title: `${this.title}: your statistics`,
        rows: (data) => this.statsRows(data),
      });
    if (!s) return;
    if (name === "export") {
      const file = exportRecord({ record: s.record, levels: s.levels, position: s.position });
      toast(`The game's record was saved as ${file}.`, { tone: "success" });
    } else if (name === "import") return this.importGame();
    else if (name === "history") return this.showHistory();
  }

  statsRows(data) {
    return common(data);
  }

  help() {
    return { paragraphs: [], keys: [] };
  }

  // ---- opening a game -------------------------------------------------------------

  wanted(params) {
    const link = readLink(params, this.info);
    if (link?.problems.length) {
      toast(
        `${link.problems.join(" ")} ${this.session ? "Your game goes on." : "Here is a table all the same."}`,
        { tone: "error", title: "That link could not be followed." },
      );
      return null;
    }
    return link && (link.seed !== null || Object.keys(link.options).length) ? link : null;
  }

  async open(params) {
    const wanted = this.wanted(params);
    const found = this.store.load(this.info);
    if (found.status === "unreadable")
      return this.unreadable(found.reason, wanted, { seed: found.seed, options: {} });
    if (found.status === "ok") {
      if (!wanted || sameGame(found.saved.record, wanted, this.info))
        return this.resume(found.saved, wanted);
      if (found.saved.record.actions.length) {
        // a game in progress: on the table first, then the question (follow)
        await this.resume(found.saved, wanted);
        if (this.gone || !this.session) return;
        return this.follow(wanted);
      }
      this.store.keep(found.saved);
    }
    if (wanted) return this.openWanted(wanted);
    return this.firstVisit();
  }

  async update(params) {
    const wanted = this.wanted(params);
    if (!wanted || (this.session && sameGame(this.session.record, wanted, this.info))) {
      if (this.session) this.ctx.replaceHash(this.hash());
      return;
    }
    // the question a link may ask waits for the player, and routing must not wait with it
    this.follow(wanted).catch((error) => this.ctx.fault(error, this));
  }

  /** A link to another deal: with a game in progress, the player says whether to leave
   * it (it is kept, and Back brings it again) or to keep playing it. */
  async follow(wanted) {
    const s = this.session;
    if (s && sameGame(s.record, wanted, this.info)) return;
    if (s && !s.over && s.record.actions.length) {
      const go = await followLink(wanted.seed);
      if (this.gone || this.session !== s) return;
      if (!go) {
        this.ctx.replaceHash(this.hash());
        return;
      }
      this.store.keep(this.saved());
    }
    this.generation += 1; // a computer player still thinking in the old game stops there
    await this.openWanted(wanted);
  }

  async openWanted(wanted) {
    const kept = this.store.takeKept((record) => sameGame(record, wanted, this.info), this.info);
    if (kept) return this.resume(kept, wanted);
    return this.start({
      options: wanted.options,
      seed: wanted.seed ?? randomSeed(),
      levels: remembered(this.info, this.prefs, this.home).levels,
    });
  }

  /** No game asked for and none saved: a deal at once, with the options last chosen
   * (the defaults on a first visit); "New game" has them all. */
  async firstVisit() {
    return this.start({ ...remembered(this.info, this.prefs, this.home), seed: randomSeed() });
  }

  /** A saved game that cannot be used: said, and a way on offered (the deal the link
   * names, that game's deal again from the start, a new game, or the home page). */
  async unreadable(reason, wanted = null, { seed = null, options = {} } = {}) {
    const again = !wanted && Number.isSafeInteger(seed) ? `Play deal ${seed} from the start` : "";
    const fresh = wanted?.seed != null ? `Play deal ${wanted.seed}` : "Start a new game";
    const choice = await unreadableSave(reason, { name: this.title, again, fresh });
    this.store.clear();
    if (this.gone) return;
    if (choice === "home") {
      location.hash = "#";
      return;
    }
    if (choice === "again")
      return this.start({
        options: options || {},
        seed,
        levels: remembered(this.info, this.prefs, this.home).levels,
      });
    if (wanted) return this.openWanted(wanted);
    return this.firstVisit();
  }

  async resume(saved, wanted = null) {
    let session;
    try {
      session = await sessionType(saved).resume(this.engine, saved, {
        human: this.home,
        onLost: this.onLost,
      });
    } catch (error) {
      // only the engine's verdict on the record condemns it; any other failure is the
      // engine's, and the save is kept for next time
      if (!isRefusal(error)) throw error;
      return this.unreadable(
        `The rules engine refused its moves: ${messageOf(error)}`,
        wanted,
        saved.record,
      );
    }
    if (this.gone) return;
    // a table with friends: each friend's seat a computer player's until invited again
    if (saved.friends) await hostAgain(this, session, saved.friends);
    if (this.gone) return;
    this.use(session, saved);
    announce(`${this.title}: your game resumed. ${this.turnLine()}`);
  }

  async start({ options, seed, levels, people = null }) {
    let session;
    try {
      session = await sessionType({ people }).start(this.engine, this.gameId, options, seed, {
        levels,
        human: this.home,
        onLost: this.onLost,
        people,
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      toast(
        `That game could not be dealt (${messageOf(error)}), so here is a new one with the usual options.`,
        { tone: "error" },
      );
      session = await TableSession.start(this.engine, this.gameId, {}, randomSeed(), {
        levels,
        human: this.home,
        onLost: this.onLost,
      });
    }
    if (this.gone) return;
    this.use(session, { pending: null, counted: false }, true);
  }

  use(session, saved, fresh = false) {
    if (this.friends && session !== this.friends)
      this.closeFriends("The host has started another game.");
    this.generation += 1;
    // a dialog of the game before (its hand's end, say) must not act on this one
    closeOpenDialogs();
    this.session = session;
    usePeople(session);
    if (this.human !== this.home) this.sitAt(this.home);
    this.pending = saved.pending ?? null;
    this.counted = saved.counted === true;
    this.draftSaved = saved.draft ?? null;
    this.log = null;
    if (fresh) {
      this.log = new GameLog();
      this.log.begin(session.view);
    }
    this.ctx.replaceHash(this.hash());
    this.ctx.setTitle(`${this.title}, deal ${session.record.seed}`);
    this.afterUse(fresh);
    this.save();
    this.render();
    this.resumeFlow();
  }

  afterUse(_fresh) {}

  /** The position on screen is `view` (each game's render says so first): the toasts
   * about the one before (a card refused, "one moment", a card that does not fit) go,
   * so none outlives the position it spoke of (a dead end, a game's end, a new game). */
  showing(view) {
    if (view === this.shownView) return;
    this.shownView = view;
    dropFleeting();
  }

  /** A person's seat in words without "You" ("North"): a name to give it by default. */
  personName(seat) {
    return this.seatName(seat);
  }

  /** The person whose hand is shown sits at `seat` (a table shared at one device). */
  sitAt(seat) {
    sitAt(seat); // every name and place is said from there (table/seats.js)
    this.human = seat;
    if (this.session) this.session.human = seat;
  }

  hash() {
    return linkHash(this.info, this.session.record.seed, this.session.record.options);
  }

  saved() {
    const s = this.session;
    return {
      record: s.record,
      levels: s.levels,
      position: s.position,
      pending: this.pending,
      counted: this.counted,
      summary: this.summaryLine(),
      draft: this.draft(),
      people: s.people ?? null,
      friends: s instanceof HostSession ? s.friendNames() : null,
    };
  }

  /** An unfinished choice of the person's to keep with the save, or null. */
  draft() {
    return null;
  }

  save() {
    // a page that was left writes nothing more: the table it showed was kept as it
    // stood when it was left (unmount), and another table of the game may have been
    // opened since, whose save must not be overwritten by the old one's last move
    if (!this.session || this.gone) return;
    if (this.store.save(this.saved()) || this.saveWarned) return;
    this.saveWarned = true;
    toast(
      "This browser is not letting the card room save, so the game will not be kept after you leave.",
      { tone: "error" },
    );
  }

  async newGame() {
    const s = this.session;
    if (s && !s.over && s.moved && !(await confirmNewGame())) return;
    if (this.gone) return;
    const choice = await askOptions({
      game: this.info,
      prefs: this.prefs,
      human: this.home,
      seatName: (seat) => this.seatName(seat),
      personName: (seat) => this.personName(seat),
      ...this.optionsAsk(),
    });
    if (this.gone) return;
    if (!choice) {
      if (!this.session) location.hash = "#";
      return;
    }
    this.prefs = { options: choice.options, levels: choice.levels, people: choice.people };
    this.store.savePrefs(this.prefs);
    this.leaving();
    await this.start(choice);
    this.heading.focus({ preventScroll: true });
  }

  optionsAsk() {
    return {};
  }

  /** The game in progress is about to be replaced (a page may count it). */
  leaving() {}

  /** The table with friends ends (the host's page closes or leaves the table, or another
   * game replaces it): each friend is told why, and every connection is closed. */
  closeFriends(reason) {
    const friends = this.friends;
    this.friends = null;
    friends?.close(reason);
  }

  async importGame() {
    let data;
    try {
      const text = await importRecord();
      if (text === null) return;
      data = parseRecord(text, this.gameId);
    } catch (error) {
      toast(messageOf(error), { tone: "error", title: "Not imported." });
      return;
    }
    const problem = this.store.problem(data, this.info);
    if (problem) {
      toast(problem.replace("The saved game", "This record"), {
        tone: "error",
        title: "Not imported.",
      });
      return;
    }
    const saved = this.store.normal(data);
    let session;
    try {
      session = await TableSession.resume(this.engine, saved, {
        human: this.home,
        onLost: this.onLost,
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      toast(`This record could not be replayed: ${messageOf(error)}`, {
        tone: "error",
        title: "Not imported.",
      });
      return;
    }
    if (this.session && !this.session.over && this.session.record.actions.length)
      this.store.keep(this.saved());
    this.use(session, { pending: null, counted: false });
    toast(`Game imported: ${session.record.actions.length} moves replayed.`, { tone: "success" });
  }

  async showHistory() {
    if (passHidden(this)) return null;
    const s = this.session;
    if (!this.log) {
      this.log = await GameLog.rebuild(s); // its button shows it is busy (runTool)
      if (this.session !== s) return null;
    }
    return showHistory({
      title: `${this.HandWord} history`,
      unit: this.HandWord,
      entries: this.reviewEntries(this.historyEntries(this.log), this.log),
    });
  }

  /** The history's entries, each offering its hand's review where a page has one. */
  reviewEntries(entries, _log) {
    return entries;
  }

  /** Feed a move to the history, when it is kept (it is rebuilt on demand otherwise). */
  logMove(step) {
    // (at a table shared at one device the views change hands: rebuilt when asked for)
    if (this.session?.people) this.log = null;
    else this.log?.feed(step);
  }

  // ---- trouble ----------------------------------------------------------------------

  /** The engine's worker died (true) or is back (false). */
  engineLost(lost) {
    if (this.gone || Boolean(this.lost) === lost) return;
    this.lost = lost;
    this.root.dataset.engine = lost ? "restarting" : "ready";
    this.engineNote.hidden = !lost;
    this.engineNote.textContent = lost
      ? "The rules engine stopped. It is starting again; your game is kept and goes on from the same move."
      : "";
    if (!lost) {
      toast("The rules engine is back. Your game goes on.", { tone: "success" });
      announce("The rules engine is back.");
    }
  }

  /** A failure outside the rules (an engine fault, say): said in words; the page stays. */
  trouble(error) {
    console.error(error);
    if (this.gone) return;
    const text = error?.message ? error.message : String(error);
    toast(`The rules engine had a problem: ${text}`, { tone: "error", title: "Sorry." });
  }

  /** An engine call outside the session's moves (a hint, say), surviving a restart. */
  ask(task) {
    return withEngine(this.engine, task, this.onLost);
  }

  unmount() {
    // kept as it stands: a move whose showing is cut short by leaving is in the save
    // (its save would otherwise come when the showing ends, on a page gone)
    this.save();
    this.gone = true;
    this.generation += 1;
    window.removeEventListener("pagehide", this.onPageHide);
    this.closeFriends();
    document.removeEventListener("keydown", this.onKey);
    this.stopWatching?.();
    // a dialog of this page must not outlive it (its answer would act on a page gone)
    closeOpenDialogs();
  }
}

export { isRefusal };
