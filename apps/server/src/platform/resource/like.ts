/** `text` for a LIKE pattern: its own `%`, `_` and `\` match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An ILIKE pattern matching `text` anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
