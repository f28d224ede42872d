import { passwordStrength } from '../../contract/passwordStrength';
import { ValidationError } from '../errors';

/** 422 naming the field when a new password is too easy to guess (spec §5 leaves bounds to us; see docs/decisions.md). */
export function assertStrongPassword(field: string, password: string, userInputs: (string | null | undefined)[] = []): void {
  const { problem } = passwordStrength(password, userInputs);
  if (problem) throw new ValidationError(`${field}: ${problem}`);
}
