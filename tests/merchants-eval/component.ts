/**
 * The evaluation's view of the merchant component: the interface the lead fixed, copied here as types so
 * this folder typechecks before the component exists, and a loader that imports it at run time.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const KINDS = [
  'coffee_shop', 'fast_food', 'restaurant', 'food_delivery', 'groceries', 'convenience_store', 'bar', 'fuel', 'ev_charging', 'rideshare',
  'public_transit', 'parking', 'tolls', 'car_rental', 'airline', 'lodging', 'travel_booking', 'electricity', 'gas_utility', 'water',
  'internet', 'phone', 'streaming', 'music', 'software', 'gaming', 'marketplace', 'department_store', 'clothing', 'electronics',
  'home_improvement', 'furniture', 'pharmacy', 'health', 'fitness', 'personal_care', 'pets', 'insurance', 'rent', 'mortgage',
  'loan_payment', 'transfer', 'payroll', 'bank_fee', 'atm', 'charity', 'education', 'childcare', 'tax', 'entertainment', 'books',
] as const;
export type Kind = (typeof KINDS)[number];

export interface MerchantMatch {
  name: string;
  kind: Kind | null;
  source: 'dictionary' | 'pattern' | 'fallback';
  confidence: number;
}
export type NormalizeMerchant = (raw: string) => MerchantMatch;

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const COMPONENT_PATH = 'src/server/services/merchants/index.ts';
export const CONTRACT_PATH = 'src/contract/merchants.ts';
export const componentExists = () => existsSync(resolve(repoRoot, COMPONENT_PATH));
export const contractExists = () => existsSync(resolve(repoRoot, CONTRACT_PATH));
export const MISSING_MESSAGE = `the merchant component is not there yet: ${COMPONENT_PATH} does not exist (it comes with the merchants branch)`;

// The path is computed so that neither tsc nor the bundler resolves it before the component exists.
const load = async (path: string): Promise<Record<string, unknown>> => import(/* @vite-ignore */ pathToFileURL(resolve(repoRoot, path)).href);

/** `path` (relative to the repository, or absolute) lets the loader itself be tried on a stand-in module. */
export async function loadNormalizeMerchant(path = COMPONENT_PATH): Promise<NormalizeMerchant> {
  if (!existsSync(resolve(repoRoot, path))) throw new Error(path === COMPONENT_PATH ? MISSING_MESSAGE : `${path} does not exist`);
  const fn = (await load(path)).normalizeMerchant;
  if (typeof fn !== 'function') throw new Error(`${path} does not export a function normalizeMerchant`);
  return fn as NormalizeMerchant;
}

/** The contract's MERCHANT_KINDS, or null while the contract module is missing. */
export async function loadContractKinds(): Promise<readonly string[] | null> {
  if (!contractExists()) return null;
  const kinds = (await load(CONTRACT_PATH)).MERCHANT_KINDS;
  if (!Array.isArray(kinds)) throw new Error(`${CONTRACT_PATH} does not export MERCHANT_KINDS`);
  return kinds as readonly string[];
}
