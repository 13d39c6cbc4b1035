/**
 * This tab's id: one per page load (a reload is a new tab), sent with /remotes.json and the
 * load reports, so the server keeps answering this page the releases it loaded (TAB_HEADER).
 * getRandomValues, not randomUUID: it works on plain-http deployments too.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');
