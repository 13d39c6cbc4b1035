/** A linkId that may be a link: an absolute http(s) URL. Anything else (javascript:, data:, text) is shown as text. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A map search for an address in a new tab: Google Maps' documented search URL, no API key. */
export const mapSearchHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
