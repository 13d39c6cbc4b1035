export const DESKTOP_MIN_WIDTH_PX = 1024;

const PHONE_OR_TABLET = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|BlackBerry|IEMobile|Opera Mini/i;

/** Phones and tablets narrower than a desktop get the overlay; a narrow desktop window does not. */
export function shouldShowDesktopOverlay(userAgent: string, windowWidth: number): boolean {
  return PHONE_OR_TABLET.test(userAgent) && windowWidth < DESKTOP_MIN_WIDTH_PX;
}
