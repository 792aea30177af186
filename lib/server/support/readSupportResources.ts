import "server-only";
import { readFileSync } from "node:fs";
import { env } from "@/lib/env";
import { DEFAULT_SUPPORT, parseSupportFile, type SupportFile } from "@/lib/support/resources";

export interface SupportResourcesView {
  support: SupportFile;
  /** Why the configured file could not be used (the defaults are shown instead); empty when it was. */
  problems: string[];
}

/**
 * The support page's services: the file CONCORD_SUPPORT_FILE names (read on every
 * request, so an edit shows at once), else Concord's defaults. A file that cannot be
 * read or is not valid never hides the page: the defaults are shown with what is wrong.
 */
export function readSupportResources(): SupportResourcesView {
  const path = env().CONCORD_SUPPORT_FILE;
  if (!path) return { support: DEFAULT_SUPPORT, problems: [] };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { support: DEFAULT_SUPPORT, problems: [`${path}: cannot be read`] };
  }
  const parsed = parseSupportFile(text, path);
  return parsed.ok ? { support: parsed.support, problems: [] } : { support: DEFAULT_SUPPORT, problems: parsed.problems };
}
