import type { FormErrors } from '@mantine/form';
import { useEffect } from 'react';
import type { core } from 'zod/mini';
import { fieldMessage, ruleErrors, sentence, words } from '../../contract/messages';
import type { FieldsForm } from './focus';

export { fieldMessage };
export { focusFirstInvalid, type FieldsForm } from './focus';

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
    const errors: FormErrors = ruleErrors(schema, options.toInput ? options.toInput(values) : values, options.labels);
    for (const [k, v] of Object.entries(options.extra?.(values) ?? {})) if (v && !errors[k]) errors[k] = v;
    return errors;
  };
}

export interface DetailOptions {
  /** Labels for fields whose wire name reads badly, as in RuleOptions. */
  labels?: Partial<Record<string, string>>;
  /** Details about a field that do not start with its name ("Cannot withdraw 12.00 …" is about the amount). */
  also?: Partial<Record<string, RegExp>>;
}

/**
 * The field a server refusal is about, with its detail in sentence case: the API's details start
 * with the wire field name ("amount must be greater than 0", "category 'X' is not a known
 * category"), with its label ("Current password is incorrect"), or with its path and a colon
 * ("mapping.columns.amount: columns.amount is required …"). Null when it names none of them.
 */
export function fieldOfDetail(detail: string, fields: readonly string[], options: DetailOptions = {}): { field: string; message: string } | null {
  const longestFirst = [...fields].sort((a, b) => b.length - a.length);
  const prefixed = /^([\w.]+): ([\s\S]*)$/.exec(detail);
  for (const field of longestFirst) {
    const label = options.labels?.[field] ?? sentence(words(field));
    let text: string | null = null;
    if (prefixed && (prefixed[1] === field || prefixed[1]!.endsWith(`.${field}`))) text = prefixed[2]!;
    else if (detail.startsWith(`${field} `) || detail.toLowerCase().startsWith(`${label.toLowerCase()} `)) text = detail;
    if (text === null) continue;
    // Other fields the detail mentions read as their labels too ("(or columns.debit …)" -> "(or money out column …)").
    for (const other of longestFirst) {
      const otherLabel = options.labels?.[other];
      if (other !== field && otherLabel) text = text.split(other).join(otherLabel.toLowerCase());
    }
    // Directions meant for API clients ("…: use one from GET /transactions/categories …") are not for the form.
    text = text.replace(/:[^:]*\b(GET|POST|PUT|PATCH|DELETE) \/.*$/, '');
    return { field, message: fieldMessage(field, text, options.labels?.[field]) };
  }
  for (const field of fields) if (options.also?.[field]?.test(detail)) return { field, message: sentence(detail) };
  return null;
}

/**
 * A server refusal in the form: next to the field it names (and that field focused), or, when it
 * names none, returned for the form's alert. The refusal stays where its machine keeps it; this
 * only decides where it is shown.
 */
export function useServerFieldError(form: FieldsForm, failure: { message: string } | null | undefined, fields: readonly string[], options: DetailOptions = {}): string | null {
  const named = failure ? fieldOfDetail(failure.message, fields, options) : null;
  useEffect(() => {
    if (!failure || !named) return;
    form.setFieldError(named.field, named.message);
    form.getInputNode(named.field)?.focus();
    // Once per refusal: typing clears the field's error, and the same refusal is not shown again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);
  return failure && !named ? failure.message : null;
}
