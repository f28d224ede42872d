import { safeParse, type core } from 'zod/mini';

/**
 * The contract rules' messages as a person reads them next to a field: sentence case, the field's
 * label instead of its wire name, every field's first problem at once. The web's forms
 * (src/web/forms/contractRules.ts) and the machines that check a field themselves use this one rule.
 */

/** "full_name" -> "full name": the wire field as a person reads it. */
export const words = (field: string) => field.replace(/_/g, ' ');
export const sentence = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/**
 * The contract's rule message as a field error in sentence case: "full_name must be at most 100
 * characters" -> "Full name must be at most 100 characters"; zod's "expected number, received
 * undefined" -> "Monthly income is required".
 */
export function fieldMessage(field: string, message: string, label?: string): string {
  const name = label ?? sentence(words(field));
  if (/received (undefined|null)|^Required$/i.test(message) || /received NaN/i.test(message)) return `${name} is required`;
  if (/^Invalid input: expected/i.test(message)) return `${name} is not valid`;
  const stripped = message.startsWith(`${field} `) ? `${name}${message.slice(field.length)}` : message;
  return sentence(stripped.replace(/_/g, ' '));
}

export type Labels = Partial<Record<string, string>>;

/** Every field's first problem under `schema`, keyed by its path ("amount", "columns.date"), in sentence case. */
export function ruleErrors(schema: core.$ZodType, input: unknown, labels: Labels = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = safeParse(schema, input);
  if (result.success) return errors;
  const values = (input ?? {}) as Record<string, unknown>;
  for (const issue of result.error.issues) {
    // An item of a list (one tag) is shown on the list's field.
    const path = issue.path.map(String);
    while (path.length > 1 && /^\d+$/.test(path[path.length - 1]!)) path.pop();
    const field = path.join('.') || 'form';
    if (errors[field]) continue;
    // An empty field is "required", unless the rule has its own words for it ("Choose a topic").
    const generic = issue.message.startsWith(`${field} `) || /^Invalid/.test(issue.message);
    const empty = generic && typeof values[field] === 'string' && (values[field] as string).trim() === '';
    errors[field] = fieldMessage(field, empty ? 'Required' : issue.message, labels[field]);
  }
  return errors;
}
