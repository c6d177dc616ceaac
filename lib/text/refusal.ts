// How the text rule (./index.ts) refuses a control character, without zod: forms in the browser
// read these to word the refusal in the reader's language.

/** The message of a refused control character: wrappers turn it into `serverErrors.controlCharacters`. */
export const CONTROL_CHARACTER = 'controlCharacter';

/** The English refusal of a control character in `field` (the UI words it with serverErrors.controlCharacters). */
export const controlCharacterMessage = (field: string): string => `${field}: holds a control character (such as NUL) that text may not contain.`;

/** Whether a zod issue is this rule's refusal. */
export const isControlCharacterIssue = (issue: { message: string }): boolean => issue.message === CONTROL_CHARACTER;
