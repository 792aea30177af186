import "server-only";
import { notFound } from "next/navigation";
import { ZodError } from "zod";
import { NotFound } from "@/lib/server/errors";

/** For pages: a service's NotFound, or an id in the URL that does not parse, shows the 404 page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof NotFound || error instanceof ZodError) notFound();
    throw error;
  }
}
