import type { FlowIssue } from "./issues";

export type Speaker = "user" | "chatbot";

export interface Transcript {
  /** The file name's leading id (6 hex digits in VERA-MH), else the name without `.txt`. */
  id: string;
  fileName: string;
  persona: string | null;
  userModel: string | null;
  turns: { speaker: Speaker; text: string }[];
  /** The `[CONVERSATION ENDED - …]` line, kept as a marker, not a turn. */
  endMarker: string | null;
}

export type ParsedTranscript = { ok: true; transcript: Transcript } | { ok: false; issues: FlowIssue[] };

/** VERA-MH's `{id}_{Persona}_{usermodel}_run{N}.txt`. */
const FILE_NAME = /^([0-9a-f]{6})_(.+)_(.+)_run\d+\.txt$/i;
const TURN = /^(user|chatbot):[ \t]?/i;
const END = /^\[CONVERSATION ENDED\b.*\]$/i;

/** The id, persona and user model a transcript's file name gives (docs/flow.md). */
export function transcriptName(fileName: string): Pick<Transcript, "id" | "persona" | "userModel"> {
  const base = fileName.replace(/^.*[\\/]/, "");
  const match = FILE_NAME.exec(base);
  if (match) return { id: match[1].toLowerCase(), persona: match[2], userModel: match[3] };
  return { id: base.replace(/\.txt$/i, ""), persona: null, userModel: null };
}

/**
 * Reads one VERA-MH transcript (docs/flow.md): a turn starts on a line beginning
 * `user: ` or `chatbot: ` (any case) and runs to the next such line; blank lines
 * inside a turn are kept, those around it trimmed. Text before the first turn, an
 * empty turn, text after the end marker or a file without turns refuse the file.
 */
export function parseTranscript(fileName: string, text: string): ParsedTranscript {
  const issues: FlowIssue[] = [];
  const turns: { speaker: Speaker; text: string; line: number }[] = [];
  let endMarker: string | null = null;
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (endMarker !== null) {
      if (trimmed) issues.push({ line, column: "turn", reason: "text after the end marker" });
      return;
    }
    if (END.test(trimmed)) {
      endMarker = trimmed;
      return;
    }
    const start = TURN.exec(raw);
    if (start) {
      turns.push({ speaker: start[1].toLowerCase() as Speaker, text: raw.slice(start[0].length), line });
      return;
    }
    const current = turns[turns.length - 1];
    if (current) current.text += `\n${raw}`;
    else if (trimmed) issues.push({ line, column: "turn", reason: 'text before the first "user: " or "chatbot: " line' });
  });
  for (const turn of turns) {
    turn.text = turn.text.trim();
    if (!turn.text) issues.push({ line: turn.line, column: "turn", reason: `the ${turn.speaker} turn is empty` });
  }
  if (turns.length === 0 && issues.length === 0) issues.push({ line: 1, column: "turn", reason: 'no turn: a turn starts with "user: " or "chatbot: "' });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    transcript: { ...transcriptName(fileName), fileName, turns: turns.map(({ speaker, text }) => ({ speaker, text })), endMarker },
  };
}
