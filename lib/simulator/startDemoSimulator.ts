import { buildCorpusIndex } from "./corpusIndex";
import { demoBehaviour } from "./demoBehaviour";
import { startChatServer, type ChatServer } from "./protocol";

/**
 * The demo simulator: an OpenAI-compatible chat-completions server on 127.0.0.1 that
 * answers as the demo's fictional judges and models. No model runs: its verdicts and
 * responses are drawn from the demo corpus. `latencyMs` delays every answer.
 */
export async function startDemoSimulator(options: { port?: number; latencyMs?: number; record?: boolean } = {}): Promise<ChatServer> {
  const behaviour = demoBehaviour(buildCorpusIndex(), { latencyMs: options.latencyMs });
  return startChatServer({ models: behaviour.models, port: options.port ?? 0, record: options.record ?? false, answer: behaviour.answer });
}
