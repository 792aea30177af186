/** The API path of an item, with its id safely encoded. */
export const itemApi = (itemId: string, path = "") => `/api/items/${encodeURIComponent(itemId)}${path}`;
/** The page path of an item. */
export const itemPage = (itemId: string, path = "") => `/items/${encodeURIComponent(itemId)}${path}`;
