export const PRODUCT_NAME = 'Auditdesk';

/** A tab's title: the page's own name first, so tabs and history can be told apart. */
export const documentTitle = (page?: string): string => (page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME);
