import "server-only";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { env } from "@/lib/env";
import { Invalid, TooLarge } from "@/lib/server/errors";

const size = (bytes: number) => (bytes >= 1_000_000 ? `${+(bytes / 1_000_000).toFixed(1)} MB` : `${+(bytes / 1000).toFixed(1)} KB`);

/** A request's headers and body: a web Request, or (scripts/serve.ts) Node's request, which yields its body's chunks. */
export type RequestBody = Pick<Request, "headers" | "body"> | { headers: Headers; body: AsyncIterable<Uint8Array> };

async function* chunksOf(body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!(body instanceof ReadableStream)) return yield* body;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The request's body chunk by chunk, refused with 413 as soon as it passes `limit` bytes (or says it will). */
async function* limited(request: RequestBody, limit: number, what: string, setting: string): AsyncGenerator<Uint8Array> {
  const tooLarge = () => new TooLarge(`${what} is larger than ${size(limit)}, the limit of this server (${setting}): nothing was read.`);
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!request.body) return;
  let read = 0;
  for await (const value of chunksOf(request.body)) {
    read += value.length;
    if (read > limit) throw tooLarge();
    yield value;
  }
}

/** A JSON route's body (at most CONCORD_JSON_LIMIT_KB), parsed; 413 over the limit, 400 when it is not JSON. */
export async function readJson(request: RequestBody): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of limited(request, env().CONCORD_JSON_LIMIT_KB * 1000, "The request body", "CONCORD_JSON_LIMIT_KB")) chunks.push(chunk);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Invalid("The request body must be JSON.");
  }
}

/**
 * Streams an uploaded bundle (at most CONCORD_BUNDLE_LIMIT_MB) to a private temporary
 * file for `importFile`, never holding it in memory, and removes the file afterwards.
 */
export async function withUploadedFile<T>(request: Request, importFile: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "concord-upload-"));
  try {
    const file = join(dir, "bundle.jsonl");
    const out = createWriteStream(file, { mode: 0o600 });
    const closed = new Promise<void>((done, fail) => {
      out.on("close", done);
      out.on("error", fail);
    });
    try {
      for await (const chunk of limited(request, env().CONCORD_BUNDLE_LIMIT_MB * 1_000_000, "The bundle", "CONCORD_BUNDLE_LIMIT_MB")) {
        if (!out.write(chunk)) await new Promise<void>((drained) => out.once("drain", () => drained()));
      }
    } finally {
      out.end();
      await closed;
    }
    return await importFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
