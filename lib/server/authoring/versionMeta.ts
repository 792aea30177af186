/** What every rubric or reference version row shows, published or a draft. */
export interface VersionMeta {
  rowId: number;
  version: number;
  status: "draft" | "published";
  author: string;
  authorName: string;
  changeNote: string | null;
  baseVersion: number | null;
  createdAt: number;
  publishedAt: number | null;
}
