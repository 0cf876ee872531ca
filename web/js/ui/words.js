// Words every page writes the same way.

/** A count and its noun, singular for one: `plural(1, "chip")` is "1 chip", `plural(3,
 * "chip")` "3 chips"; `many` for a plural that is not the noun and an "s". */
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** Items in a list, the last after "and": `listed(["You", "Aurel", "Bryn"])` is "You,
 * Aurel and Bryn". */
export const listed = (items) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** A seat's or a team's name inside a sentence, where "You" is "you" ("played by you",
 * "you and North", "West 3, you 4"); a sentence's first word keeps its capital, and other
 * names stand as they are. */
export const inSentence = (name) => name.replace(/^You\b/, "you");
