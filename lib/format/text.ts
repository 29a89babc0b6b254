/**
 * A name someone typed, as a greeting prints it: spaces folded and at most `max` characters. The site can be made to
 * email anyone a booking, so no typed text may fill an email (docs/product-rules.md#holds, "Emails").
 */
export function greetingName(name: string, max = 40): string {
  const folded = name.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1).trimEnd()}…` : folded;
}
