import "server-only";
import { llmConfig, LLM_SETUP_HINT, type LlmConfig } from "@/lib/llm/config";
import { LlmError } from "@/lib/llm/errors";
import { ServiceError } from "@/lib/server/errors";

/** Whether drafting with a model can be offered, and if not, the sentence that says how to set it up. */
export function llmStatus(): { configured: boolean; problem: string | null } {
  try {
    return llmConfig() ? { configured: true, problem: null } : { configured: false, problem: LLM_SETUP_HINT };
  } catch (error) {
    if (error instanceof LlmError) return { configured: false, problem: error.message };
    throw error;
  }
}

/** The model settings for a drafting service; 503 with the setup sentence when there are none. */
export function requireLlm(): LlmConfig {
  try {
    const config = llmConfig();
    if (!config) throw new ServiceError(LLM_SETUP_HINT, 503);
    return config;
  } catch (error) {
    if (error instanceof LlmError) throw new ServiceError(error.message, 503);
    throw error;
  }
}

/** Runs a drafting call; the model's failures become a 502 with the drafting module's own sentence. */
export async function askModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LlmError) throw new ServiceError(error.message, 502);
    throw error;
  }
}
