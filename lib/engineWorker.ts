import { parentPort } from "node:worker_threads";

/** A request to an engine worker thread and its answer. */
export interface EngineRequest<P> {
  id: number;
  payload: P;
}
export type EngineResponse<R> = { id: number; result: R } | { id: number; error: string };

/** The worker side: answers each request with `compute(payload)`, or the error's message. */
export function serveEngine<P, R>(compute: (payload: P) => R): void {
  parentPort?.on("message", (request: EngineRequest<P>) => {
    let response: EngineResponse<R>;
    try {
      response = { id: request.id, result: compute(request.payload) };
    } catch (error) {
      response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    parentPort?.postMessage(response);
  });
}
