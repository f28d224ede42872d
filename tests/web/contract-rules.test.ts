import { describe, expect, it } from 'vitest';
import { signupRequest } from '../../src/contract/rules/auth';
import { supportMessageRequest } from '../../src/contract/rules/account';
import { contractRules, fieldMessage } from '../../src/web/forms/contractRules';

describe('forms check the contract rules, every field at once, in sentence case (defect 8)', () => {
  it('an empty form names every missing field', () => {
    const validate = contractRules<{ topic: string; subject: string; message: string }>(supportMessageRequest);
    expect(validate({ topic: '', subject: '', message: '' })).toEqual({ topic: 'Choose a topic', subject: 'Subject is required', message: 'Message must be at least 10 characters' });
  });

  it('server rule texts read as sentences next to the field', () => {
    const validate = contractRules<{ email: string; password: string }>(signupRequest);
    expect(validate({ email: 'not-an-email', password: 'short' })).toEqual({ email: 'Email must be a valid email address', password: 'Password must be at least 8 characters' });
    expect(fieldMessage('full_name', 'full_name must be at most 100 characters', 'Name')).toBe('Name must be at most 100 characters');
    expect(fieldMessage('amount', 'Invalid input: expected number, received undefined')).toBe('Amount is required');
  });
});
