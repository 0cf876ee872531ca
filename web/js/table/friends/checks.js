// What a friend's page says of each hand's deal check (deal.js, GuestSession.check), so
// that it stays on screen, not only in a toast that goes after a few seconds:
// - the hand's summary says it ("Checking the deal…" until the check comes, then its
//   words), each summary for its own hand;
// - the line under the title ends with the latest ("hand 2's deal checked"), which stays
//   until the next hand's check (it is also the line's title and what a screen reader
//   reads, where the line is too narrow to show it);
// - a failed check stays in a note under the table's bar for the rest of the game: one
//   line that says which hand and what it means, and under it (unfolded) why; on a phone
//   the whole reason took 116 px, and the felt shrank to a strip (8 px at worst);
// - the table's data-deal-check: "checked" | "failed" | "unchecked" (the latest).
//
//   showChecks(page, session)   on a friend's page (playAsGuest), once

import { h } from "../../ui/dom.js";
import { toast } from "../../ui/toast.js";
import { listed } from "../../ui/words.js";

// What a failed check means, after its reason
const MEANING = "Its cards may not have been dealt fairly; the game goes on.";

const STATE = (ok) => (ok ? "checked" : ok === false ? "failed" : "unchecked");

/** The words of a check in the summary of its hand. */
function fill(paragraph, check, page) {
  paragraph.dataset.dealCheck = check ? STATE(check.ok) : "checking";
  paragraph.classList.toggle("fr-deal-failed", check?.ok === false);
  paragraph.textContent = !check
    ? `Checking the deal of this ${page.handWord}…`
    : check.ok === false
      ? `${check.words} ${MEANING}`
      : check.words;
}

/** The latest check, said short at the end of the line under the title. */
function shortWords(check, page) {
  const which = `${page.handWord} ${check.hand + 1}'s deal`;
  if (check.ok) return `${which} checked`;
  if (check.ok === false) return `${which} check failed`;
  return `${which} not checked (you joined during it)`;
}

/** The note's line: "Hand 1 may not have been dealt fairly (its deal check failed)." */
function failedHeadline(failed, page) {
  const hands = failed.map((c) => c.hand + 1);
  const which =
    hands.length === 1 ? `${page.HandWord} ${hands[0]}` : `${page.HandWord}s ${listed(hands)}`;
  const their = hands.length === 1 ? "its deal check" : "their deal checks";
  return `${which} may not have been dealt fairly (${their} failed).`;
}

/** A friend's page says its deal checks where they stay (see above). */
export function showChecks(page, session) {
  const headline = h("span", { class: "fr-deal-headline" });
  const reasons = h("p", { class: "fr-deal-reasons" });
  const note = h(
    "details",
    { class: "fr-deal-note", role: "alert", hidden: true },
    h("summary", {}, headline),
    reasons,
  );
  page.engineNote.after(note);
  const failed = [];
  const summaries = new Map(); // hand -> its summary's paragraph
  let latest = null;
  let parts = null;
  const sayInfo = page.sayInfo.bind(page);
  page.sayInfo = (said) => {
    parts = said;
    sayInfo(latest ? [...said, shortWords(latest, page)] : said);
  };
  const summary = page.summary.bind(page);
  page.summary = (events) => {
    const shown = summary(events);
    const hand = page.handNumber(events);
    const paragraph = h("p", { class: "fr-deal-check" });
    fill(paragraph, session.checks[hand] ? { hand, ...session.checks[hand] } : null, page);
    summaries.set(hand, paragraph);
    shown.body.append(paragraph);
    return shown;
  };
  session.onCheck = (check) => {
    const { ok, words } = check;
    page.root.dataset.dealCheck = STATE(ok);
    if (ok) toast(words, { tone: "success", title: "Deal checked" });
    else if (ok === false) toast(words, { tone: "error", title: "Deal check failed" });
    else toast(words, { tone: "info", title: "Not checked" });
    if (ok === false) {
      failed.push(check);
      headline.textContent = failedHeadline(failed, page);
      note.title = headline.textContent;
      reasons.textContent = `${failed.map((c) => c.words).join(" ")} ${MEANING}`;
      note.hidden = false;
    }
    latest = check;
    if (parts) page.sayInfo(parts);
    const paragraph = summaries.get(check.hand);
    if (paragraph) fill(paragraph, check, page);
  };
}
