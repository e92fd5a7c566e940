/** A typed number as the API expects it: spaces, dashes, dots and brackets removed, 00 as +. */
export function compactPhoneNumber(input: string): string {
  return input.replace(/[\s().-]/g, '').replace(/^00/, '+');
}

/** Worth asking the server about: `+` and 7 to 15 digits (E.164). The server has the last word. */
export function looksInternational(input: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(compactPhoneNumber(input));
}
