import { z } from 'zod';
import { CONTROL_CHARACTER, isControlCharacterIssue } from './refusal';

// One rule for the text people type, applied where it enters (the zod schemas of actions, routes
// and /api/v1): CRLF and CR become \n; a prompt keeps \n and tab; a name keeps neither; NUL, the
// other C0 controls, DEL and C1 (U+0080–U+009F) are refused, naming the field (PostgreSQL cannot
// store NUL, and none of them belongs in a prompt or a name); a search drops them and still answers.

export { CONTROL_CHARACTER, controlCharacterMessage, isControlCharacterIssue } from './refusal';
export { MAX_PROMPT_CHARS, promptLength } from './prompt-limit';

/** Every control character: C0, DEL, C1. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
/** The controls a prompt may not hold once its line ends are \n: all but tab and line feed. */
const PROMPT_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const normalizeLineEnds = (text: string): string => text.replace(/\r\n?/g, '\n');

/** Text over several lines (a prompt): line ends normalised, tab and \n kept, other controls refused. */
export function promptText() {
  return z
    .string()
    .overwrite(normalizeLineEnds)
    .refine((text) => !PROMPT_CONTROLS.test(text), CONTROL_CHARACTER)
    .meta({ 'x-text-rule': 'prompt' });
}

/** One line (a name, a model id, a key): every control character refused, line ends and tabs too. */
export function nameText() {
  return z
    .string()
    .refine((text) => !CONTROLS.test(text), CONTROL_CHARACTER)
    .meta({ 'x-text-rule': 'name' });
}

/** What someone searches for: line ends and tabs become spaces, other controls are dropped. */
export function searchText() {
  return z
    .string()
    .overwrite((text) => text.replace(/[\t\n\r]/g, ' ').replace(new RegExp(CONTROLS.source, 'g'), ''))
    .meta({ 'x-text-rule': 'search' });
}

/** This rule's refusal among `issues`, in a union's branches too (a model: a name or a list of names). */
export function controlCharacterIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  for (const issue of issues) {
    if (isControlCharacterIssue(issue)) return issue;
    if (issue.code === 'invalid_union') {
      const inner = controlCharacterIssue(issue.errors.flat());
      // A branch's path is the union's own.
      if (inner) return { ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue;
    }
  }
  return undefined;
}
