/** Default bounds of one list read off a server: pages, items, and bytes of result JSON across its pages. */
export const listBounds = { maxPages: 1000, maxItems: 10000, maxBytes: 16 * 1024 * 1024 };
