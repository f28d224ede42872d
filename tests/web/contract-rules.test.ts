import { describe, expect, it } from 'vitest';
import { signupRequest } from '../../src/contract/auth';
import { supportMessageRequest } from '../../src/contract/account';
import { createGoalRequest, fundsRequest } from '../../src/contract/goals';
import { createTransactionRequest } from '../../src/contract/transactions';
import { contractRules, fieldMessage, fieldOfDetail } from '../../src/web/forms/contractRules';

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

describe('the add/edit transaction and goal forms use the rules the server applies (defect 8)', () => {
  const draft = { type: 'expense', amount: undefined, date: '', category: '', description: '', merchant: null, notes: null, tags: [] };

  it('an empty Add transaction form names the amount, the date and the category at once', () => {
    const validate = contractRules<typeof draft>(createTransactionRequest);
    expect(validate(draft)).toEqual({ amount: 'Amount is required', date: 'Date is required', category: 'Category is required' });
  });

  it('each field in its own words, sentence case', () => {
    const validate = contractRules<Record<string, unknown>>(createTransactionRequest, { labels: { merchant: 'Merchant or payee' } });
    expect(validate({ ...draft, amount: 0, date: '2024-02-30', category: 'Food', merchant: 'x'.repeat(121), tags: ['ok', 'y'.repeat(40)] })).toEqual({
      amount: 'Amount must be greater than 0',
      date: 'Date must be a real calendar date between 1900-01-01 and 2999-12-31',
      merchant: 'Merchant or payee must be at most 120 characters',
      tags: 'Tags must each be at most 32 characters',
    });
    expect(validate({ ...draft, amount: Number.NaN, date: '2024-02-03', category: 'Food' })).toEqual({ amount: 'Amount must be a number' });
  });

  it('an empty goal form names the name, the target amount and the target date at once', () => {
    const validate = contractRules<Record<string, unknown>>(createGoalRequest, { labels: { name: 'Goal name' } });
    expect(validate({ name: '', target_amount: undefined, target_date: '', category: 'other', priority: 'medium', notes: null })).toEqual({
      name: 'Goal name is required',
      target_amount: 'Target amount is required',
      target_date: 'Target date is required',
    });
  });

  it('the server and the form share one rule object (the server schema is the rule)', async () => {
    const server = await import('../../src/contract/transactions');
    const goals = await import('../../src/contract/goals');
    expect(server.createTransactionRequest).toBe(createTransactionRequest);
    expect(goals.createGoalRequest).toBe(createGoalRequest);
    expect(goals.fundsRequest).toBe(fundsRequest);
  });
});

describe("a server refusal lands next to the field it names (defect 8)", () => {
  it('by the wire name or the label, in sentence case, without directions meant for API clients', () => {
    expect(fieldOfDetail('amount must be greater than 0', ['amount', 'category'])).toEqual({ field: 'amount', message: 'Amount must be greater than 0' });
    expect(fieldOfDetail("category 'Vet' is not a known category: use one from GET /transactions/categories or create it with POST /transactions/categories", ['amount', 'category'])).toEqual({
      field: 'category',
      message: "Category 'Vet' is not a known category",
    });
    expect(fieldOfDetail('Current password is incorrect', ['current_password', 'new_password'])).toEqual({ field: 'current_password', message: 'Current password is incorrect' });
    expect(fieldOfDetail('date_to must be on or after date_from', ['date', 'date_to'])).toEqual({ field: 'date_to', message: 'Date to must be on or after date from' });
  });

  it('other fields it mentions read as their labels; a detail about no field stays for the form', () => {
    const labels = { 'columns.amount': 'Amount column', 'columns.debit': 'Money out column', 'columns.credit': 'Money in column' };
    expect(fieldOfDetail('columns.amount is required (or columns.debit / columns.credit)', Object.keys(labels), { labels })).toEqual({
      field: 'columns.amount',
      message: 'Amount column is required (or money out column / money in column)',
    });
    expect(fieldOfDetail('Cannot withdraw $80.00: only $50.00 is saved in this goal.', ['amount', 'note'], { also: { amount: /^Cannot withdraw/ } })).toEqual({
      field: 'amount',
      message: 'Cannot withdraw $80.00: only $50.00 is saved in this goal.',
    });
    expect(fieldOfDetail('Too many attempts. Please wait a minute and try again.', ['email'])).toBeNull();
  });
});

describe('a refusal prefixed with its path (the errors plugin\'s "path: message")', () => {
  it('lands on the field at the end of the path', () => {
    const labels = { 'columns.amount': 'Amount column', 'columns.debit': 'Money out column', 'columns.credit': 'Money in column' };
    expect(fieldOfDetail('mapping.columns.amount: columns.amount is required (or columns.debit / columns.credit)', Object.keys(labels), { labels })).toEqual({
      field: 'columns.amount',
      message: 'Amount column is required (or money out column / money in column)',
    });
    expect(fieldOfDetail('amount: Invalid input: expected number, received string', ['amount'])).toEqual({ field: 'amount', message: 'Amount is not valid' });
  });
});
