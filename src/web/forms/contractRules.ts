import type { FormErrors } from '@mantine/form';
import { safeParse, type core } from 'zod/mini';

/** "full_name" -> "Full name": the wire field as a person reads it. */
const words = (field: string) => field.replace(/_/g, ' ');
const sentence = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

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

export interface RuleOptions<T> {
  /** Labels for fields whose wire name reads badly ("full_name" shown as "Name"). */
  labels?: Partial<Record<string, string>>;
  /** The form values as the call sends them (empty optional fields left out, numbers as numbers). */
  toInput?: (values: T) => unknown;
  /** Rules only the form has (repeat password, strength). */
  extra?: (values: T) => FormErrors;
}

/**
 * A @mantine/form `validate` function from a contract schema: every field's first problem at once,
 * in sentence case, so the form and the server apply the same rules.
 */
export function contractRules<T>(schema: core.$ZodType, options: RuleOptions<T> = {}) {
  return (values: T): FormErrors => {
    const errors: FormErrors = {};
    const input = (options.toInput ? options.toInput(values) : values) as Record<string, unknown>;
    const result = safeParse(schema, input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path.map(String).join('.') || 'form';
        if (errors[field]) continue;
        // An empty field is "required", unless the rule has its own words for it ("Choose a topic").
        const generic = issue.message.startsWith(`${field} `) || /^Invalid/.test(issue.message);
        const empty = generic && typeof input?.[field] === 'string' && (input[field] as string).trim() === '';
        errors[field] = empty ? fieldMessage(field, 'Required', options.labels?.[field]) : fieldMessage(field, issue.message, options.labels?.[field]);
      }
    }
    for (const [k, v] of Object.entries(options.extra?.(values) ?? {})) if (v && !errors[k]) errors[k] = v;
    return errors;
  };
}
