// Words for the table: seat names, bid names, and the sentences the polite live region
// reads out for each engine event. Nothing here decides anything: the events say what
// happened (and why, e.g. a trick's reason), these functions only put it into words.

import { cardName, theCard } from "../cards/card.js";
import { isSabacc, SUIT_NAMES } from "../cards/sabacc.js";
// The seat of the person whose page this is (table/seats.js): 0, a friend's own seat at
// a host's table, or the seat of the person whose hand is shown at a table shared at one
// device (table/pass.js); "You" is that seat.
import { HUMAN } from "../table/seats.js";
import { givenName } from "../table/pass.js";
import { inSentence, listed } from "../ui/words.js";

export { HUMAN };

// The seats' own names; the first seat's on a friend's page is the host's (nameHost)
const NAMES = ["Ash", "Aurel", "Bryn", "Cass", "Dex"];

/** A friend's page: the first seat, the host's, is called `name`. */
export function nameHost(name) {
  NAMES[0] = name || "Host";
}

/** "You", or the name a person at this device gave, or the seat's name ("Aurel"). */
export function seatName(seat) {
  return seat === HUMAN ? "You" : givenName(seat) || playerName(seat);
}

/** The seat's name inside a sentence: "you", "Aurel" (ui/words.js inSentence). */
export const seatInSentence = (seat) => inSentence(seatName(seat));

/** An auction's bids so far, in order, as a sentence's list: "Aurel passed, you bid Guard". */
export function auctionSaid(auction) {
  return auction
    .map(
      (entry, i) =>
        `${i ? seatInSentence(entry.seat) : seatName(entry.seat)} ${entry.bid === "pass" ? "passed" : `bid ${bidName(entry.bid)}`}`,
    )
    .join(", ");
}

/** The seat's own name, never "You": "Aurel". */
export function playerName(seat) {
  return NAMES[seat] ?? "Another player";
}

/** "Aurel plays" / "You play": the verb agrees with the seat. */
export function subject(seat, verb) {
  if (seat === HUMAN) return `You ${verb}`;
  const third = verb.endsWith("s") || verb.endsWith("sh") ? `${verb}es` : `${verb}s`;
  return `${seatName(seat)} ${verb === "have" ? "has" : third}`;
}

/** "guard_without" -> "Guard without". */
export function bidName(bid) {
  if (!bid) return "";
  const text = String(bid).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A card's name, as a list or a label gives it: "7 of sabres", "The Idiot (Sabacc 0)". */
export function card(code) {
  return cardName(code, "sabacc");
}

/** A card's name inside a sentence: "the 7 of sabres", "the Idiot (Sabacc 0)". */
export function cardInSentence(code) {
  return theCard(code, "sabacc");
}

export function chips(n) {
  return `${n} chip${Math.abs(n) === 1 ? "" : "s"}`;
}

/** Hundredths of a chip (the engine's review counts them) in words, to the nearest half
 * chip, as the engine's own sentences say them: "about half a chip", "about 1½ chips". */
export function hundredths(n) {
  const halves = Math.round(Math.abs(n) / 50);
  if (halves === 0) return "less than a quarter of a chip";
  if (halves === 1) return "about half a chip";
  return `about ${Math.floor(halves / 2)}${halves % 2 ? "½" : ""} chip${halves > 2 ? "s" : ""}`;
}

/** Half-points as people write them: 91, 45½. */
export function points(half) {
  return half % 2 ? `${Math.floor(half / 2)}½` : String(half / 2);
}

const TALON_WORDS = {
  hand: "shown to all, then taken into the declarer's hand",
  declarer: "into the declarer's score pile, unseen until the count",
  defenders: "into the defenders' score pile, unseen until the count",
};

export function talonWords(to) {
  return TALON_WORDS[to] || "";
}

// What each contract means, in a short phrase (RULES.md 3.3): where the talon goes. The
// declarer always needs 46 of the deck's 91 points.
const CONTRACT_WORDS = {
  take: "the talon is shown, then joins the declarer's hand, who sets aside as many cards",
  push: "as Take, one step higher",
  guard: "as Take, two steps higher",
  guard_without: "the talon goes unseen into the declarer's pile, counting for them",
  guard_against: "the talon goes unseen into the defenders' pile, counting against the declarer",
};

/** What a contract means: "Guard without: the talon goes unseen into the declarer's pile,
 * counting for them". */
export function contractMeaning(bid) {
  const words = CONTRACT_WORDS[bid];
  return words ? `${bidName(bid)}: ${words}` : bidName(bid);
}

/** The contracts offered, explained in one line for the bid panel. */
export function contractsLine(bids) {
  const offered = bids.filter((bid) => bid in CONTRACT_WORDS);
  if (!offered.length) return "";
  return `${offered.map(contractMeaning).join(". ")}. The declarer needs 46 of the 91 points.`;
}

// ---- the stakes (the table option `stakes`: "everyone" calls every bid, or the bidder alone)

/** Whether every player puts each bid's stake in (a view's or a record's options; a
 * view always names the rule, see RULES.md 3.3). */
export function everyoneCalls(options) {
  return options?.stakes !== "bidder";
}

/** "2 more chips", "1 more chip". */
function moreChips(n) {
  return `${n} more chip${Math.abs(n) === 1 ? "" : "s"}`;
}

/** What a bid's stake asks, in words: "everyone puts 2 more chips in" / "the bidder puts
 * 2 chips in". */
function stakeWords(stake, options) {
  if (!stake) return "no chips";
  return everyoneCalls(options)
    ? `everyone puts ${moreChips(stake)} in`
    : `the bidder puts ${chips(stake)} in`;
}

/** What a bid costs, in words: "Guard: everyone puts 2 more chips in" / "Guard: the
 * bidder puts 2 chips in". */
export function bidCost(bid, stake, options) {
  return `${bidName(bid)}: ${stakeWords(stake, options)}`;
}

/** A bid button's description: what the contract means, then what it costs ("Guard
 * without: the talon goes unseen into the declarer's pile, counting for them. Everyone
 * puts 4 more chips in."). */
export function bidDescription(bid, stake, options) {
  const cost = stakeWords(stake, options);
  return `${contractMeaning(bid)}. ${cost.charAt(0).toUpperCase()}${cost.slice(1)}.`;
}

/** The short cost on a bid button ("2 chips each" / "you pay 2") or, with `who` null, on
 * an auction entry or a plate ("2 chips each" / "2 chips"). */
export function bidCostShort(stake, options, who = "you") {
  if (!stake) return "no chips";
  if (everyoneCalls(options)) return `${chips(stake)} each`;
  return who ? `${who} pay ${stake}` : chips(stake);
}

/** How the wagers grow under the table's rule, in a line for the auction. */
export function stakesRule(options) {
  return everyoneCalls(options)
    ? "Every bid's stake is put in by every player, even one who has passed; the declarer then adds a stack equal to their own wager for each defender."
    : "Only the bidder puts a bid's stake in; the declarer then adds a stack equal to their own wager for each defender.";
}

/** The settlement of a round's wagers, in sentences, from the wagers_settled event:
 * what it came to first ("Aurel loses 8 chips: each of the others gains 2."), then what
 * was put in and who takes or divides it (wagerLines). */
export function settlementLines(settled, declarer, players) {
  return [resultLine(settled, declarer, players), ...wagerLines(settled, declarer, players)];
}

/** What the round's wagers came to for each player (netLine). */
export function resultLine(settled, declarer, players) {
  const defenders = [];
  for (let s = 0; s < players; s += 1) if (s !== declarer) defenders.push(s);
  return netLine(settled.net, declarer, defenders, settled.remainder || 0);
}

/** How the wagers were settled: what was put in, then who takes or divides it. */
export function wagerLines(settled, declarer, players) {
  const name = seatInSentence;
  const defenders = [];
  for (let s = 0; s < players; s += 1) if (s !== declarer) defenders.push(s);
  const lines = [];
  const w = settled.wagers;
  if (w) {
    const own = w[declarer] / players;
    const put = defenders.every((s) => w[s] === own)
      ? `everyone put in ${chips(own)} for the bids, and ${name(declarer)} added ${own} more for each of the ${defenders.length} defenders`
      : `${name(declarer)} put in ${chips(own)} and ${own} more for each of the ${defenders.length} defenders${defenders
          .filter((s) => w[s])
          .map((s) => `, ${name(s)} ${chips(w[s])}`)
          .join("")}`;
    lines.push(`Wagers: ${put}: ${chips(settled.table)} on the table.`);
  } else {
    lines.push(`Wagers: ${chips(settled.table)} on the table.`);
  }
  if (settled.winner === "declarer") {
    const you = declarer === HUMAN;
    const verb = you ? "take" : "takes";
    // what is the declarer's own, said apart from what is won: "takes all 14" read as a
    // gain of 14, and the next line says 6
    const own = w?.[declarer];
    lines.push(
      own && own < settled.table
        ? `${seatName(declarer)} made the contract and ${verb} back ${you ? "your" : "their"} own ${chips(own)} with the others' ${chips(settled.table - own)}.`
        : `${seatName(declarer)} made the contract and ${verb} all ${chips(settled.table)}.`,
    );
  } else {
    const share = settled.received[defenders[0]];
    lines.push(
      `The contract is lost: the defenders divide the ${chips(settled.table)}, ${chips(share)} each${settled.remainder ? `, and the ${chips(settled.remainder)} left over ${settled.remainder === 1 ? "goes" : "go"} into the Ante Pot` : ""}.`,
    );
  }
  return lines;
}

/** What the round's wagers came to for each player, in a sentence: "You gain 18 chips:
 * each of the others pays you 6." / "Cass loses 21 chips: each of the others gains 7." /
 * the chips that could not be divided evenly said too, so that the figures add up ("You
 * lose 32 chips: each of the others gains 10, and the 2 chips left over go into the Ante
 * Pot."; it read "each of the others gains 10" alone, 30 of the 32). */
function netLine(net, declarer, defenders, remainder = 0) {
  const name = seatInSentence;
  const you = declarer === HUMAN;
  const gain = net[declarer] >= 0;
  const own = `${you ? "You" : seatName(declarer)} ${gain ? (you ? "gain" : "gains") : you ? "lose" : "loses"} ${chips(Math.abs(net[declarer]))}`;
  const others = defenders.filter((s) => net[s]);
  if (!others.length) return `${own}; nobody else gains or loses anything.`;
  const equal =
    others.length === defenders.length && others.every((s) => net[s] === net[others[0]]);
  const amount = (s) => Math.abs(net[s]);
  const left = remainder
    ? `, and the ${chips(remainder)} left over ${remainder === 1 ? "goes" : "go"} into the Ante Pot`
    : "";
  if (equal)
    return gain
      ? `${own}: each of the others pays ${name(declarer)} ${amount(others[0])}${left}.`
      : `${own}: each of the others gains ${amount(others[0])}${left}.`;
  const each = others.map((s) => {
    const verb = net[s] < 0 ? "pay" : "gain";
    return `${name(s)} ${s === HUMAN ? verb : `${verb}s`} ${amount(s)}`;
  });
  return `${own}: ${each.join(", ")}${left}.`;
}

/** One sentence per event worth saying; the round's end is said by the count panel. */
export function describe(event) {
  switch (event.type) {
    case "bid":
      return event.bid === "pass"
        ? `${subject(event.seat, "pass")}.`
        : (event.callers || [event.seat]).length > 1
          ? `${subject(event.seat, "bid")} ${event.name || bidName(event.bid)}: everyone puts ${moreChips(event.stake)} in.`
          : `${subject(event.seat, "bid")} ${event.name || bidName(event.bid)}, staking ${chips(event.stake)}.`;
    case "auction_won":
      return `${event.declarer === HUMAN ? "You are" : `${seatName(event.declarer)} is`} the declarer: ${event.name || bidName(event.contract)}. ${event.reason || ""}`.trim();
    case "talon_shown":
      return `The talon: ${event.cards.map(card).join(", ")}.`;
    case "talon_to_pile":
      return `The talon goes ${event.to === "declarer" ? "into the declarer's pile" : "into the defenders' pile"}, unseen.`;
    case "aside":
      return event.shown && event.card
        ? `${subject(event.seat, "set")} aside ${cardInSentence(event.card)}.`
        : "";
    case "aside_done":
      return `The aside is complete${event.shown?.length ? `; shown: ${event.shown.map(card).join(", ")}` : ""}.`;
    case "phase":
      return event.phase === "play" ? `${subject(event.to_act, "lead")} the first trick.` : "";
    case "play":
      return `${subject(event.seat, "play")} ${cardInSentence(event.card)}.`;
    case "trick":
      return `${subject(event.winner, "win")} trick ${event.number} with ${cardInSentence(event.card)}. ${event.reason || ""}`.trim();
    case "void_round":
      return `Everyone passed, so the round is void and the deal passes on. ${voidReason(event.returned.length)}`;
    case "deal":
      return `Round ${event.round + 1}: ${subject(event.dealer, "deal")}; ${subject(event.to_act, "bid")} first.`;
    case "game_over":
      return `Game over. ${winnersLine(event.winners)}`;
    default:
      return "";
  }
}

const OTHERS_WORDS = { 3: "two", 4: "three", 5: "four" };

/** Why everyone passed, in one sentence of players' words (`players` at the table): the
 * declarer plays alone against all the others, and no hand could take its 46 points; at
 * five players most rounds go so (docs/BOTS.md: the bots' passes there are right). The
 * summary's title and the history's line say that everyone passed. */
export function voidReason(players) {
  const reason = `No hand could take 46 of the 91 points alone against ${OTHERS_WORDS[players] || "the others"}`;
  return players === 5 ? `${reason}, as in most five-player rounds.` : `${reason}.`;
}

export function winnersLine(winners) {
  if (!winners?.length) return "";
  if (winners.length === 1)
    return winners[0] === HUMAN ? "You win!" : `${seatName(winners[0])} wins.`;
  const names = winners.map(seatInSentence);
  return `A tie between ${listed(names)}.`;
}

/** The rule of the card to play to a trick in progress, as Precedence says it, from the
 * person's hand (RULES.md 3.5), and a short form of it for a narrow status line (which
 * still says the rule): "follow coins" / "Follow coins.", "you have no coins, so play a
 * Sabacc" / "No coins: play a Sabacc.", "you have no coins and no Sabacc, so play any
 * card" / "No coins or Sabacc: any card.". */
export function playRule(view) {
  const led = view.trick[0].card;
  const hand = view.hand || [];
  const sabaccs = hand.some(isSabacc);
  if (isSabacc(led))
    return sabaccs
      ? { rule: "a Sabacc was led, so play a Sabacc", short: "Play a Sabacc." }
      : { rule: "you have no Sabacc, so play any card", short: "No Sabacc: any card." };
  const suit = led.slice(-1);
  const name = SUIT_NAMES[suit];
  if (hand.some((c) => !isSabacc(c) && c.slice(-1) === suit))
    return { rule: `follow ${name}`, short: `Follow ${name}.` };
  if (sabaccs)
    return { rule: `you have no ${name}, so play a Sabacc`, short: `No ${name}: play a Sabacc.` };
  return {
    rule: `you have no ${name} and no Sabacc, so play any card`,
    short: `No ${name} or Sabacc: any card.`,
  };
}
