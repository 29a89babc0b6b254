// Thai phone numbers written the way Thais group them, one rule for every place a phone is shown or typed (the
// booking form, the site's contact, the footer, emails, staff pages): issue 37 found "+66 8 1346 1073".
// Pure; client and server. Numbers of other countries are left exactly as written.

/**
 * How the national number (without its leading 0 or +66) is grouped, by its first digit (the NBTC numbering plan):
 * mobile 6/8/9 → 2-3-4 ("81 346 1073"), Bangkok 2 → 1-3-4 ("2 123 4567"), provincial 3–7 → 2-3-3 ("76 123 456").
 * Anything else (short codes, unknown ranges) stays one block.
 */
function groupsFor(national: string): readonly number[] {
  const first = national[0];
  if (first === '6' || first === '8' || first === '9') return [2, 3, 4];
  if (first === '2') return [1, 3, 4];
  if (first && first >= '3' && first <= '7') return [2, 3, 3];
  return [national.length];
}

function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  // Extra digits stay visible rather than being silently dropped; validation judges them.
  if (i < digits.length) parts.push(digits.slice(i));
  return parts.join(' ');
}

/**
 * A Thai number, complete or being typed: with the country code '+66 81 346 1073' / '+66 2 123 4567' /
 * '+66 76 123 456'; as dialled at home '081 346 1073' / '02 123 4567' / '076 123 456'. Keeps the form the person
 * chose (+66 or 0); '+66 0…' (a common slip) drops the 0. Anything else (other countries, letters) is returned as is.
 */
export function formatThaiPhone(input: string): string {
  const compact = input.replace(/[\s\-().]/g, '');
  const intl = /^\+?66(\d*)$/.exec(compact);
  if (intl) {
    const national = intl[1].replace(/^0/, '');
    return national ? `+66 ${group(national, groupsFor(national))}` : '+66';
  }
  const home = /^0(\d*)$/.exec(compact);
  if (home) {
    const national = home[1];
    return national ? `0${group(national, groupsFor(national))}` : '0';
  }
  return input;
}
