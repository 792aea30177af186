/**
 * Why drafting with a model failed. `misconfigured`: the environment is wrong;
 * `timeout`: no answer in time; `unreachable`: no connection or a server error;
 * `rejected`: the server refused the request (key, model name); `invalid_output`:
 * every attempt answered something that does not follow the protocol.
 */
export type LlmFailure = "misconfigured" | "timeout" | "unreachable" | "rejected" | "invalid_output";

/** A failure with a sentence that tells the author what happened and what to do. */
export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = "LlmError";
  }
}
