import type { FormErrors } from '@mantine/form';

/* Focus helpers of the forms, without the rules (zod/mini): /login's first load uses them. */

/** What @mantine/form's useForm returns, as far as these helpers need it. */
export interface FieldsForm {
  getInputNode(path: string): HTMLElement | null;
  setFieldError(path: string, error: string): void;
}

/** Focus the first invalid field in the order the form shows them (screen readers then read its error). */
export function focusFirstInvalid(form: FieldsForm, errors: FormErrors) {
  const nodes = Object.keys(errors)
    .filter((path) => errors[path])
    .map((path) => form.getInputNode(path))
    .filter((node): node is HTMLElement => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  nodes[0]?.focus();
}


/**
 * `enhanceGetInputProps` for forms with a PasswordInput: Mantine's PasswordInput links its error
 * (aria-describedby) but does not mark its input aria-invalid, so a screen reader would not say
 * the field is invalid. Every field of the form gets aria-invalid from its error.
 */
export const markInvalid = ({ inputProps }: { inputProps: { error?: unknown } }) => ({ 'aria-invalid': inputProps.error ? true : undefined });
