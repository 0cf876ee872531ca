// Words every page writes the same way.

/** A count and its noun, singular for one: `plural(1, "chip")` is "1 chip", `plural(3,
 * "chip")` "3 chips"; `many` for a plural that is not the noun and an "s". */
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
