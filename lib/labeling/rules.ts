/** The longest rationale a clinician can write: meant as one sentence, with room to spare. */
export const RATIONALE_MAX = 500;
