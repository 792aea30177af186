import { z } from "zod";
import { Id } from "@/lib/bundle/schema";
import { DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_NAME, templateProblems } from "@/lib/runs/template";
import { EndpointId, optionalText, whole } from "@/lib/server/endpoints/schema";

/** The issue's protocol: a generic helpful-assistant system prompt for target models. */
export const DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant.";
export const DEFAULT_JUDGE_MAX_TOKENS = 8192;
export const DEFAULT_TARGET_MAX_TOKENS = 4096;

const decoding = {
  endpointId: EndpointId,
  model: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  family: optionalText(100),
  temperature: z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(2, "must be at most 2").default(0),
  seed: z.preprocess((v) => (v === "" || v === undefined ? null : v), whole(0, 0x7fffffff).nullable()),
};

export const TemplateName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(80, "must be at most 80 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may only contain letters, digits and . _ - (starting with a letter or digit)");

/** A judge's prompt template; saving a body no version of `name` has writes version+1. */
export const TemplateInput = z
  .strictObject({
    name: TemplateName.default(DEFAULT_TEMPLATE_NAME),
    body: z.string().max(20_000, "must be at most 20,000 characters").default(DEFAULT_TEMPLATE),
  })
  .superRefine(({ name, body }, context) => {
    for (const problem of templateProblems(body)) context.addIssue({ code: "custom", path: ["body"], message: problem });
    if (name === DEFAULT_TEMPLATE_NAME && body !== DEFAULT_TEMPLATE) {
      context.addIssue({ code: "custom", path: ["name"], message: `${DEFAULT_TEMPLATE_NAME} is Concord's default template; give an edited template a name of its own` });
    }
  });
export type TemplateInput = z.input<typeof TemplateInput>;

export const JudgeFields = z.strictObject({
  /** The judge id verdict lines carry. */
  id: Id,
  ...decoding,
  maxTokens: whole(1, 1_000_000).default(DEFAULT_JUDGE_MAX_TOKENS),
  template: TemplateInput.default({ name: DEFAULT_TEMPLATE_NAME, body: DEFAULT_TEMPLATE }),
});
export type JudgeFields = z.input<typeof JudgeFields>;

export const TargetModelFields = z.strictObject({
  /** The model id responses carry. */
  id: Id,
  ...decoding,
  maxTokens: whole(1, 1_000_000).default(DEFAULT_TARGET_MAX_TOKENS),
  systemPrompt: z.string().trim().min(1, "must not be empty").max(20_000, "must be at most 20,000 characters").default(DEFAULT_SYSTEM_PROMPT),
});
export type TargetModelFields = z.input<typeof TargetModelFields>;

export const PreviewTemplateInput = z.strictObject({
  body: z.string().max(20_000, "must be at most 20,000 characters"),
  /** The calibration set whose first unit to render; without one, the first set, else any response. */
  setId: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.coerce.number().int().min(1, "must be a set id").nullable()),
});
export type PreviewTemplateInput = z.input<typeof PreviewTemplateInput>;

/** A provider family for a model or judge Concord does not run itself (an imported one); null clears it. */
export const DescribedFamilyInput = z.strictObject({
  kind: z.enum(["model", "judge"], { error: "must be model or judge" }),
  id: Id,
  family: optionalText(100),
});
export type DescribedFamilyInput = z.input<typeof DescribedFamilyInput>;
