import { z } from "zod";

export const RESPONSE_FORMATS = ["json_schema", "json_object", "text"] as const;

/** Empty (or blank) form fields mean "not given". */
export const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);
/** Optional text: trimmed, null when blank or absent. */
export const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max, `must be at most ${max} characters`).nullable());
export const whole = (min: number, max: number, unit = "") =>
  z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min.toLocaleString("en")}${unit}`)
    .max(max, `must be at most ${max.toLocaleString("en")}${unit}`);
const price = z.preprocess(blankToNull, z.number({ error: "must be a number of US dollars" }).min(0, "must be 0 or more").max(10_000, "must be at most 10,000").nullable());

/** The settings of an OpenAI-compatible endpoint; the forms and the services share them. */
export const EndpointFields = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(80, "must be at most 80 characters"),
  baseUrl: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:8000/v1" }))
    .transform((url) => url.replace(/\/+$/, "")),
  /** The name of the environment variable that holds the key, never the key. */
  apiKeyEnv: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(100, "must be at most 100 characters")
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be the name of an environment variable (letters, digits and _, e.g. OPENAI_API_KEY), never the key itself")
      .nullable(),
  ),
  maxConcurrency: whole(1, 1024).default(4),
  requestsPerMinute: z.preprocess(blankToNull, whole(1, 1_000_000).nullable()),
  timeoutMs: whole(1000, 600_000, " ms").default(60_000),
  priceInputPerM: price,
  priceOutputPerM: price,
  responseFormat: z.enum(RESPONSE_FORMATS, { error: "must be json_schema, json_object or text" }).default("json_schema"),
});
export type EndpointFields = z.input<typeof EndpointFields>;

export const EndpointId = z.coerce.number({ error: "must be an endpoint id" }).int("must be an endpoint id").min(1, "must be an endpoint id");

export const UpdateEndpointInput = EndpointFields.extend({ id: EndpointId });
export type UpdateEndpointInput = z.input<typeof UpdateEndpointInput>;

export const TestEndpointInput = z.strictObject({
  endpointId: EndpointId,
  /** A model to send a one-token chat completion to; without one only the model list is read. */
  model: optionalText(200),
});
export type TestEndpointInput = z.input<typeof TestEndpointInput>;
