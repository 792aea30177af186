import "server-only";
import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { referenceVersions, users } from "@/db/schema";
import type { VersionMeta } from "./versionMeta";

/** One reference version (published or a draft). */
export interface ReferenceVersionView extends VersionMeta {
  text: string;
  /** The rubric version the reference was written against, when known. */
  rubricVersion: number | null;
}

type Reader = Db | Tx;

function select(db: Reader, where: SQL | undefined): ReferenceVersionView[] {
  return db
    .select({
      rowId: referenceVersions.id,
      version: referenceVersions.version,
      status: referenceVersions.status,
      author: referenceVersions.author,
      authorName: users.name,
      changeNote: referenceVersions.changeNote,
      baseVersion: referenceVersions.baseVersion,
      createdAt: referenceVersions.createdAt,
      publishedAt: referenceVersions.publishedAt,
      text: referenceVersions.text,
      rubricVersion: referenceVersions.rubricVersion,
    })
    .from(referenceVersions)
    .leftJoin(users, eq(users.id, referenceVersions.author))
    .where(where)
    .orderBy(desc(referenceVersions.version), asc(referenceVersions.id))
    .all()
    .map((r) => ({ ...r, authorName: r.authorName ?? r.author, createdAt: r.createdAt.getTime(), publishedAt: r.publishedAt?.getTime() ?? null }));
}

const published = (itemId: string) => and(eq(referenceVersions.itemId, itemId), eq(referenceVersions.status, "published"));

export function latestPublishedReference(db: Reader, itemId: string): ReferenceVersionView | null {
  return select(db, published(itemId))[0] ?? null;
}

export function publishedReference(db: Reader, itemId: string, version: number): ReferenceVersionView | null {
  return select(db, and(published(itemId), eq(referenceVersions.version, version)))[0] ?? null;
}

/** Every published version, newest first. */
export function publishedReferences(db: Reader, itemId: string): ReferenceVersionView[] {
  return select(db, published(itemId));
}

export function referenceDraftOf(db: Reader, itemId: string, author: string): ReferenceVersionView | null {
  return select(db, and(eq(referenceVersions.itemId, itemId), eq(referenceVersions.status, "draft"), eq(referenceVersions.author, author)))[0] ?? null;
}

export function otherReferenceDrafts(db: Reader, itemId: string, author: string): { author: string; authorName: string; baseVersion: number | null }[] {
  const where = and(eq(referenceVersions.itemId, itemId), eq(referenceVersions.status, "draft"), ne(referenceVersions.author, author));
  return select(db, where).map((r) => ({ author: r.author, authorName: r.authorName, baseVersion: r.baseVersion }));
}
