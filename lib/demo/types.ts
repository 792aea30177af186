import type { Bundle, Dimension, ItemRecord } from "@/lib/bundle/schema";
import type { Role } from "@/lib/roles";
import type { StageSlug, SubcategorySlug } from "@/lib/taxonomy";

export interface DemoAccount {
  id: string;
  email: string;
  name: string;
  password: string;
  roles: Role[];
}

export interface DemoCalibrationSet {
  name: string;
  seed: number;
  itemIds: string[];
  responseIds: string[];
  clinicianIds: string[];
}

/** A judge or target model to configure: the id its results carry, the model name the endpoint knows. */
export interface DemoActor {
  id: string;
  model: string;
  family: string | null;
}

/** The demo simulator as a database configures it: one simulated endpoint with the demo's judges and models on it. */
export interface DemoSimulatorSetup {
  endpoint: { name: string; baseUrl: string; maxConcurrency: number };
  judges: DemoActor[];
  models: DemoActor[];
}

export interface DemoCorpus {
  bundle: Bundle;
  accounts: DemoAccount[];
  calibrationSet: DemoCalibrationSet;
  /** Criterion ids first written by the model drafting protocol (the version-1 scaffolds). */
  modelDraftedCriteria: string[];
  /** Configured with the corpus when given: the demo simulator's endpoint, judges and models. */
  simulator?: DemoSimulatorSetup;
}

/** The user side of one demo item, as a clinician would write it. */
export interface ItemScript {
  age: ItemRecord["age"];
  intent: ItemRecord["intent"];
  stage: StageSlug;
  directness: ItemRecord["directness"];
  turns: string[];
  note: string;
  /** Replies for the earlier turns when the generic supportive ones would not fit (e.g. a benign opener). */
  earlier?: string[];
}

/** Everything the rubrics and responses of one subcategory draw on. */
export interface SubcategoryScript {
  slug: SubcategorySlug;
  /** Whose risk the user is talking about: their own, or someone else's. */
  perspective: "self" | "other";
  /** What the identification criterion asks the response to recognise. */
  signal: string;
  /** A sentence that names the risk plainly: what responses that identify it say. */
  named: string;
  /** A warm reflection that stops short of naming the risk (clinicians disagree about it). */
  soft: string;
  /** A criterion specific to the subcategory, and a sentence that satisfies it. */
  extra: { dimension: Dimension; text: string; weight: number; line: string };
  /** What a poor response says when it goes along with the request (farewell notes, stories…). */
  comply?: string;
  items: ItemScript[];
}
