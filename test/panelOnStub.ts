import { getFreezeRecord } from "@/lib/server/freeze/getFreezeRecord";
import { RunWorker } from "@/lib/server/runs/worker";
import { cliCtx } from "@/lib/server/systemCtx";
import { frozenSample } from "./frozenSample";
import { startChatStub } from "./llm-stub";
import { addEndpoint, addJudges, verdictReply } from "./runs";

/**
 * The sample corpus with its frozen panel (test/frozenSample.ts), the panel's judges
 * configured on a chat stub that answers every unit (verdictReply), and a run worker on
 * the database, not yet started. `close` stops the worker and the stub.
 */
export async function panelOnStub() {
  const { db, id: freezeId } = await frozenSample();
  const panel = (await getFreezeRecord({ ctx: cliCtx, input: { id: freezeId } })).record.judges;
  const stub = await startChatStub((request) => verdictReply(request));
  const endpointId = addEndpoint(db, stub.url);
  addJudges(db, endpointId, ...panel);
  const worker = new RunWorker(db, { pollMs: 20, flushMs: 5, minBackoffMs: 5, maxBackoffMs: 20 });
  return {
    db, freezeId, panel, endpointId, worker,
    close: async () => {
      await worker.stop();
      await stub.close();
    },
  };
}
