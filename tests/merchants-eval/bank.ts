import { seededRandom } from '../../src/server/seededRandom';

/** The shared seeded generator, under the name the eval files use. */
export { seededRandom as prng };
/**
 * How banks export what the card networks, ACH/direct-debit schemes and P2P services send them: each account
 * wraps a merchant descriptor in its own way (the wrappers follow real US, UK and Dutch exports).
 */

export type Rng = () => number;

/** Random pieces a variant or a wrapper needs, all drawn from one seeded stream. */
export class Draw {
  constructor(readonly r: Rng) {}
  int = (lo: number, hi: number) => lo + Math.floor(this.r() * (hi - lo + 1));
  pick = <T>(xs: readonly T[]): T => xs[Math.floor(this.r() * xs.length)]!;
  chance = (p: number) => this.r() < p;
  digits = (n: number) => Array.from({ length: n }, () => String(this.int(0, 9))).join('');
  alnum = (n: number) => Array.from({ length: n }, () => this.pick('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split(''))).join('');
  lower = (n: number) => Array.from({ length: n }, () => this.pick('abcdefghijkmnpqrstuvwxyz0123456789'.split(''))).join('');
}

/** What a card network carries for a card payment: a merchant name field, then city (or phone, URL) and state or country. */
export interface CardDescriptor {
  name: string;
  place?: string;
  area?: string;
}
/** What an ACH / direct-debit / SEPA collection carries: the collector's name, an entry description and a reference. */
export interface DebitDescriptor {
  name: string;
  desc: string;
}

export type Channel = 'card' | 'debit' | 'p2p';

export interface Txn {
  date: Date;
  amount: number;
  /** Card payments billed again each month (banks word some of them as recurring). */
  recurring: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const mm = (d: Date) => two(d.getUTCMonth() + 1);
const dd = (d: Date) => two(d.getUTCDate());
const yy = (d: Date) => two(d.getUTCFullYear() % 100);

/** The name field of a card network is 25 characters; longer names are cut there. */
const nameField = (c: CardDescriptor) => c.name.slice(0, 25);
const tail = (c: CardDescriptor) => [c.place, c.area].filter(Boolean).join(' ');
const joined = (c: CardDescriptor) => [nameField(c), tail(c)].filter(Boolean).join(' ');
/** The fixed-width layout some exports keep: name padded to 25, city padded to 13, then state or country. */
const fixedWidth = (c: CardDescriptor) => `${nameField(c).padEnd(25)}${(c.place ?? '').slice(0, 13).padEnd(13)}${c.area ?? ''}`.trimEnd();

export interface Account {
  id: string;
  weight: number;
  card?: (c: CardDescriptor, t: Txn, x: Draw) => string;
  debit?: (d: DebitDescriptor, t: Txn, x: Draw) => string;
  p2p?: (payee: string, t: Txn, x: Draw) => string;
}

const money = (n: number) => n.toFixed(2);

// --- United States -------------------------------------------------------------------------------------------

export const US_ACCOUNTS: Account[] = [
  {
    id: 'us-credit-card-a',
    weight: 40,
    card: (c, _t, x) => (x.chance(0.55) ? nameField(c) : x.chance(0.5) ? fixedWidth(c) : joined(c)),
  },
  {
    id: 'us-credit-card-b',
    weight: 15,
    card: (c) => `${nameField(c).padEnd(25)} ${(c.place ?? '').padEnd(20)} ${c.area ?? ''}`.trimEnd(),
  },
  {
    id: 'us-checking-a',
    weight: 25,
    card: (c, t, x) =>
      x.chance(0.5)
        ? `CHECKCARD ${mm(t.date)}${dd(t.date)} ${joined(c).toUpperCase()} ${x.digits(23)}`
        : `${nameField(c).toUpperCase()} ${mm(t.date)}/${dd(t.date)} PURCHASE ${tail(c).toUpperCase()}`.trimEnd(),
    debit: (d, _t, x) => `${d.name} DES:${d.desc} ID:${x.digits(10)} INDN:ALEX MORGAN CO ID:${x.digits(10)} ${x.pick(['WEB', 'PPD'])}`,
    p2p: (payee, _t, x) => `Zelle payment to ${payee} Conf# ${x.lower(9)}`,
  },
  {
    id: 'us-checking-b',
    weight: 10,
    card: (c, t, x) =>
      `${t.recurring ? 'RECURRING PAYMENT' : 'PURCHASE'} AUTHORIZED ON ${mm(t.date)}/${dd(t.date)} ${joined(c).toUpperCase()} ${x.pick(['S', 'S', 'P'])}${x.digits(15)} CARD 4417`,
    debit: (d, t, x) => `${d.name} ${d.desc} ${mm(t.date)}${dd(t.date)}${yy(t.date)} ${x.digits(11)} ALEX MORGAN`,
    p2p: (payee, t, x) => `ZELLE TO ${payee.toUpperCase()} ON ${mm(t.date)}/${dd(t.date)} REF # WFCT0${x.alnum(6)}`,
  },
  {
    id: 'us-checking-c',
    weight: 10,
    card: (c, t, x) =>
      x.pick([
        () => `POS PURCHASE ${joined(c)}`,
        () => `DEBIT CARD PURCHASE - ${joined(c)}`,
        () => `POS DEBIT ${nameField(c)} ${mm(t.date)}/${dd(t.date)} ${x.digits(6)}`,
        () => `DBT PURCHASE - ${x.digits(6)} ${joined(c)}`,
      ])().toUpperCase(),
    debit: (d, t, x) =>
      `ORIG CO NAME:${d.name} ORIG ID:${x.digits(10)} DESC DATE:${yy(t.date)}${mm(t.date)}${dd(t.date)} CO ENTRY DESCR:${d.desc.padEnd(10)}SEC:WEB TRACE#:${x.digits(15)} EED:${yy(t.date)}${mm(t.date)}${dd(t.date)} IND ID:${x.digits(8)} IND NAME:ALEX MORGAN TRN: ${x.digits(10)}TC`,
    p2p: (payee, _t, x) => `Zelle Payment To ${payee} JPM99${x.lower(6)}`,
  },
];

// --- United Kingdom ------------------------------------------------------------------------------------------

export const UK_ACCOUNTS: Account[] = [
  {
    id: 'uk-current-a',
    weight: 35,
    card: (c, t, x) => `${joined(c)} ON ${dd(t.date)} ${MONTHS[t.date.getUTCMonth()]} ${x.pick(['BCC', 'CLP'])}`,
    debit: (d, _t, x) => `${d.name.slice(0, 18)} ${d.desc || x.digits(10)} DDR`,
  },
  {
    id: 'uk-current-b',
    weight: 25,
    card: (c) => `${joined(c)} CD 5521`,
    debit: (d, _t, x) => `${d.name} ${d.desc || x.digits(12)}`,
  },
  {
    id: 'uk-current-c',
    weight: 20,
    card: (c, _t, x) => (x.chance(0.6) ? `${joined(c)} )))` : fixedWidth(c)),
    debit: (d) => d.name,
  },
  {
    id: 'uk-current-d',
    weight: 20,
    card: (c, t) => `CARD PAYMENT TO ${nameField(c)},${money(t.amount)} GBP, RATE 1.00/GBP ON ${dd(t.date)}-${mm(t.date)}-${t.date.getUTCFullYear()}`,
    debit: (d, _t, x) => `DIRECT DEBIT PAYMENT TO ${d.name} REF ${d.desc || x.digits(10)}, MANDATE NO ${x.int(1, 40)}`,
  },
];

// --- Netherlands (euro area) ---------------------------------------------------------------------------------

const iban = (x: Draw) => `NL${x.digits(2)}${x.pick(['INGB', 'ABNA', 'RABO'])}0${x.digits(9)}`;

export const EU_ACCOUNTS: Account[] = [
  {
    id: 'eu-current-a',
    weight: 50,
    card: (c, t, x) =>
      `BEA, ${x.pick(['Betaalpas', 'Betaalpas', 'Apple Pay'])} ${nameField(c)},PAS${x.digits(3)} NR:${x.alnum(6)}, ${dd(t.date)}.${mm(t.date)}.${yy(t.date)}/${two(x.int(8, 21))}:${two(x.int(0, 59))} ${(c.place ?? '').toUpperCase()}`.trimEnd(),
    debit: (d, _t, x) =>
      `SEPA Incasso algemeen doorlopend Incassant: NL${x.digits(2)}ZZZ${x.digits(12)} Naam: ${d.name} Machtiging: ${x.alnum(10)} Omschrijving: ${d.desc} IBAN: ${iban(x)} Kenmerk: ${x.digits(16)}`,
  },
  {
    id: 'eu-current-b',
    weight: 30,
    card: (c, t, x) => `BEA   NR:${x.alnum(8)}   ${dd(t.date)}.${mm(t.date)}.${yy(t.date)}/${two(x.int(8, 21))}.${two(x.int(0, 59))} ${nameField(c)} ${(c.place ?? '').toUpperCase()},PAS${x.digits(3)}`,
    debit: (d, _t, x) =>
      `/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL${x.digits(2)}ZZZ${x.digits(12)}/NAME/${d.name}/MARF/${x.alnum(10)}/REMI/${d.desc}/IBAN/${iban(x)}/BIC/${x.pick(['INGBNL2A', 'ABNANL2A', 'DEUTDEFF'])}/EREF/${x.digits(14)}`,
  },
  {
    id: 'eu-credit-card',
    weight: 20,
    card: (c, _t, x) => (x.chance(0.5) ? `${joined(c)}` : fixedWidth(c)),
  },
];
