/** Words laid out as a sentence: lower-case phrases (an emulator's, a route's) at the start of one. */

/** `the API at …` at the start of a sentence. */
export const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
