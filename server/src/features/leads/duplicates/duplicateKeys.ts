// What makes two leads look like one household, as keys: equal keys, possible duplicates.
// Framework-free; a key of null means the field names nobody and matches nothing.

/**
 * The fewest digits a phone key has: a local number without its area code has 7. Anything
 * shorter (an extension, "0", a typo) names no household, and would tie strangers together.
 */
export const MIN_PHONE_DIGITS = 7;

/**
 * The phone's digits only, so "(617) 555-0142", "617.555.0142" and "+1 617 555 0142" are one
 * number: the office is in North America, where a leading country code 1 is optional.
 */
export function phoneKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= MIN_PHONE_DIGITS ? national : null;
}

/** The address trimmed and without case: "Jane@Example.com " is jane@example.com. */
export function emailKey(email: string): string | null {
  const key = email.trim().toLowerCase();
  return key || null;
}

const ASCII = /^[\x20-\x7e]*$/;

/**
 * Letters and digits only, lower-cased and without accents: "12 Oak St." and "12 oak st",
 * "O'Brien" and "OBrien", "José" and "Jose" are each one text.
 */
export function looseText(text: string): string {
  // the plain-ASCII test is the common case, and several times faster than the Unicode one
  if (ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Both the customer's name and the address, loosely; null unless both say something. */
export function nameAndAddressKey(customerName: string, address: string): string | null {
  const name = looseText(customerName);
  const place = looseText(address);
  return name && place ? `${name}\u0000${place}` : null;
}
