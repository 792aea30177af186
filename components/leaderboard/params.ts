/** The leaderboard's filters and sort, as the URL carries them. */
export interface BoardQuery {
  models?: string[];
  subcategory?: string;
  sort?: string;
}

function search(query: BoardQuery): string {
  const params = new URLSearchParams();
  if (query.models && query.models.length > 0) params.set("models", query.models.join(","));
  if (query.subcategory) params.set("subcategory", query.subcategory);
  if (query.sort && query.sort !== "rank") params.set("sort", query.sort);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export const boardHref = (runId: number, query: BoardQuery) => `/leaderboard/${runId}${search(query)}`;

export const downloadHref = (runId: number, format: "csv" | "json", query: BoardQuery) =>
  `/api/leaderboard/${runId}/download${search({ models: query.models, subcategory: query.subcategory })}${query.models?.length || query.subcategory ? "&" : "?"}format=${format}`;
