/** Spec section 9: the icon strip and the expanded sidebar. */
export const SIDEBAR_COLLAPSED_PX = 64;
export const SIDEBAR_EXPANDED_PX = 256;
export const TOP_BAR_PX = 56;
