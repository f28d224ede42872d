import { ValidationError } from '../errors';

/**
 * 422 naming the field when a new password is too easy to guess ([spec:5-password-change] leaves the bounds to us; see docs/decisions.md).
 * zxcvbn and its dictionaries (about 15 MB of the API's resident memory) load on the first password
 * set, not at start: most processes never need them (docs/performance.md, memory).
 */
export async function assertStrongPassword(field: string, password: string, userInputs: (string | null | undefined)[] = []): Promise<void> {
  const { passwordStrength } = await import('../../contract/passwordStrength');
  const { problem } = passwordStrength(password, userInputs);
  if (problem) throw new ValidationError(`${field}: ${problem}`);
}
