/**
 * The 40 merchants of the evaluation: what people call each one (with the alternatives a person would accept),
 * its kind, and how each of three people (San Francisco, London, Amsterdam) meets it on a statement: how often,
 * for how much, and the descriptors its processors send. Written from real statements, not from the component.
 */
import type { CardDescriptor, DebitDescriptor, Draw } from './bank';
import type { Kind } from './component';

export type PersonId = 'us' | 'uk' | 'eu';

export interface Variant {
  weight?: number;
  card?: (x: Draw) => CardDescriptor;
  debit?: (x: Draw) => DebitDescriptor;
  /** The payee as a P2P service shows it. */
  p2p?: (x: Draw) => string;
  /** A different kind for this spelling (a warehouse club's fuel station). */
  kinds?: (Kind | null)[];
}

export type Schedule = { times: number } | { monthlyOn: number };

export interface Use {
  person: PersonId;
  schedule: Schedule;
  amount: [number, number];
  variants: Variant[];
}

export interface Merchant {
  id: string;
  /** Accepted clean names; the first is the everyday one. */
  names: string[];
  /** Accepted kinds; the first is the one the per-kind score counts it under. `null` is accepted only for local merchants no dictionary can know. */
  kinds: (Kind | null)[];
  uses: Use[];
}

const SF: [string, string] = ['SAN FRANCISCO', 'CA'];
const usCity = (x: Draw): [string, string] => x.pick([SF, SF, SF, SF, ['OAKLAND', 'CA'], ['BERKELEY', 'CA'], ['DALY CITY', 'CA']]);
const ukCity = (x: Draw) => x.pick(['LONDON', 'LONDON', 'LONDON', 'LONDON', 'CROYDON', 'MANCHESTER']);
const nlCity = (x: Draw) => x.pick(['AMSTERDAM', 'AMSTERDAM', 'AMSTERDAM', 'UTRECHT', 'HAARLEM']);
const gb = (x: Draw) => x.pick(['GB', 'GBR', '']);
const nl = (x: Draw) => x.pick(['NL', 'NLD', '']);
const card = (name: string, place?: string, area?: string): CardDescriptor => ({ name, place, area });
const inUs = (name: string, x: Draw) => {
  const [city, st] = usCity(x);
  return card(name, city, st);
};

export const MERCHANTS: Merchant[] = [
  // ---------------------------------------------------------------- coffee, fast food, restaurants, bars
  {
    id: 'starbucks',
    names: ['Starbucks'],
    kinds: ['coffee_shop'],
    uses: [
      {
        person: 'us',
        schedule: { times: 88 },
        amount: [4.25, 14.8],
        variants: [
          { weight: 5, card: (x) => inUs(`STARBUCKS STORE ${x.digits(5)}`, x) },
          { weight: 2, card: (x) => inUs(`STARBUCKS #${x.digits(5)}`, x) },
          { weight: 1, card: () => card('STARBUCKS', '800-782-7282', 'WA') },
          { weight: 1, card: () => card('Starbucks', 'Seattle', 'WA') },
        ],
      },
      { person: 'uk', schedule: { times: 12 }, amount: [3.1, 8.9], variants: [{ card: (x) => card(`STARBUCKS ${x.digits(5)}`, ukCity(x), gb(x)) }] },
    ],
  },
  {
    id: 'blue-bottle',
    names: ['Blue Bottle Coffee', 'Blue Bottle'],
    kinds: ['coffee_shop'],
    uses: [
      {
        person: 'us',
        schedule: { times: 26 },
        amount: [5.5, 19],
        variants: [
          { weight: 3, card: (x) => card('SQ *BLUE BOTTLE COFFEE', ...usCity(x)) },
          { weight: 2, card: (x) => card(`SQ *BLUE BOTTLE ${x.digits(4)}`, ...usCity(x)) },
          { weight: 1, card: (x) => card('SQ *BLUE BOTTLE COFFEE IN', usCity(x)[0], 'CA') },
          { weight: 1, card: () => card('BLUEBOTTLECOFFEE.COM', '510-653-3394', 'CA') },
        ],
      },
    ],
  },
  {
    id: 'mcdonalds',
    names: ["McDonald's", 'McDonalds'],
    kinds: ['fast_food'],
    uses: [
      {
        person: 'us',
        schedule: { times: 18 },
        amount: [3.5, 16],
        variants: [
          { weight: 3, card: (x) => inUs(`MCDONALD'S F${x.digits(5)}`, x) },
          { weight: 2, card: (x) => inUs(`MCDONALDS ${x.digits(5)}`, x) },
          { weight: 1, card: (x) => inUs(`MCDONALD'S ${x.digits(4)}`, x) },
        ],
      },
      {
        person: 'uk',
        schedule: { times: 10 },
        amount: [2.9, 11],
        variants: [{ weight: 2, card: (x) => card(`MCDONALDS ${x.digits(4)}`, ukCity(x), gb(x)) }, { card: (x) => card('MCDONALDS RESTAURANTS', ukCity(x), gb(x)) }],
      },
      {
        person: 'eu',
        schedule: { times: 9 },
        amount: [3.2, 13],
        variants: [{ card: (x) => card(`MCDONALDS ${x.digits(3)}`, nlCity(x), nl(x)) }, { card: (x) => card("McDonald's Amsterdam CS", 'AMSTERDAM', nl(x)) }],
      },
    ],
  },
  {
    id: 'lucias-taqueria',
    names: ["Lucia's Taqueria", 'Lucias Taqueria'],
    kinds: ['restaurant', 'fast_food', null],
    uses: [
      {
        person: 'us',
        schedule: { times: 14 },
        amount: [11, 42],
        variants: [
          { weight: 2, card: () => card('TST* LUCIAS TAQUERIA', ...SF) },
          { weight: 1, card: () => card("TST* LUCIA'S TAQUERIA", ...SF) },
          { weight: 1, card: () => card('TST*LUCIAS TAQUERIA', 'SAN FRANCISCO', 'CA') },
        ],
      },
    ],
  },
  {
    id: 'pret',
    names: ['Pret', 'Pret A Manger', 'Pret a Manger'],
    kinds: ['coffee_shop', 'fast_food'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 70 },
        amount: [2.5, 9.8],
        variants: [
          { weight: 3, card: (x) => card('PRET A MANGER', ukCity(x), gb(x)) },
          { weight: 2, card: (x) => card(`PRET A MANGER ${x.digits(3)}`, 'LONDON', gb(x)) },
          { weight: 1, card: (x) => card('PRET A MANGER (EUROPE)', 'LONDON', gb(x)) },
          { weight: 1, card: () => card('PRET A MANGER SUBSCRIPTIO', 'LONDON', 'GB') },
        ],
      },
    ],
  },
  {
    id: 'crown-and-anchor',
    names: ['The Crown & Anchor', 'Crown & Anchor', 'The Crown and Anchor', 'The Crown And Anchor', 'Crown and Anchor', 'Crown And Anchor'],
    kinds: ['bar', 'restaurant', null],
    uses: [
      {
        person: 'uk',
        schedule: { times: 22 },
        amount: [5.2, 48],
        variants: [
          { weight: 2, card: (x) => card('SUMUP *CROWN AND ANCHOR', 'LONDON', gb(x)) },
          { weight: 1, card: (x) => card('SumUp *The Crown & Anchor', 'London', gb(x)) },
          { weight: 1, card: () => card('SUMUP  *CROWN & ANCHOR', 'LONDON', 'GBR') },
          { weight: 1, card: (x) => card('IZ *CROWN AND ANCHOR', 'LONDON', gb(x)) },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------- groceries
  {
    id: 'trader-joes',
    names: ["Trader Joe's", 'Trader Joes'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'us',
        schedule: { times: 50 },
        amount: [18, 96],
        variants: [
          { weight: 3, card: (x) => inUs(`TRADER JOE S #${x.digits(3)} QPS`, x) },
          { weight: 2, card: (x) => inUs(`TRADER JOE'S #${x.digits(3)}`, x) },
          { weight: 1, card: (x) => inUs(`TRADER JOES #${x.digits(3)}`, x) },
        ],
      },
    ],
  },
  {
    id: 'whole-foods',
    names: ['Whole Foods', 'Whole Foods Market'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'us',
        schedule: { times: 22 },
        amount: [9, 140],
        variants: [
          { weight: 3, card: (x) => inUs(`WHOLEFDS ${x.pick(['SFC', 'SFM', 'FRN', 'OAK', 'BRK'])} ${x.digits(5)}`, x) },
          { weight: 2, card: (x) => inUs(`WHOLE FOODS MARKET #${x.digits(5)}`, x) },
          { weight: 1, card: (x) => inUs(`WHOLEFDS MKT ${x.digits(5)}`, x) },
        ],
      },
    ],
  },
  {
    id: 'costco',
    names: ['Costco', 'Costco Wholesale'],
    kinds: ['groceries', 'department_store'],
    uses: [
      {
        person: 'us',
        schedule: { times: 14 },
        amount: [45, 310],
        variants: [
          { weight: 6, card: (x) => inUs(`COSTCO WHSE #${x.digits(4)}`, x) },
          { weight: 2, card: (x) => inUs(`COSTCO GAS #${x.digits(4)}`, x), kinds: ['fuel'] },
          { weight: 1, card: () => card('COSTCO *ANNUAL RENEWAL', '800-774-2678', 'WA') },
          { weight: 1, card: () => card('COSTCO.COM *ONLINE', '800-955-2292', 'WA') },
        ],
      },
    ],
  },
  {
    id: 'tesco',
    names: ['Tesco'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 62 },
        amount: [4, 88],
        variants: [
          { weight: 5, card: (x) => card(`TESCO STORES ${x.digits(4)}`, ukCity(x), gb(x)) },
          { weight: 2, card: (x) => card(`TESCO STORE ${x.digits(4)}`, ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card(`TESCO STORES-${x.digits(4)}`, ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card(`TESCO PFS ${x.digits(4)}`, ukCity(x), gb(x)), kinds: ['fuel'] },
        ],
      },
    ],
  },
  {
    id: 'sainsburys',
    names: ["Sainsbury's", 'Sainsburys'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 26 },
        amount: [6, 95],
        variants: [
          { weight: 3, card: (x) => card('SAINSBURYS S/MKTS', ukCity(x), gb(x)) },
          { weight: 2, card: (x) => card(`SAINSBURYS ${x.digits(4)}`, ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card("SAINSBURY'S S/MKT", ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card('J SAINSBURY PLC', ukCity(x), gb(x)) },
        ],
      },
    ],
  },
  {
    id: 'lidl',
    names: ['Lidl'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'eu',
        schedule: { times: 30 },
        amount: [6, 70],
        variants: [
          { weight: 4, card: (x) => card(`LIDL ${x.digits(3)}`, nlCity(x), nl(x)) },
          { weight: 1, card: (x) => {
            const city = nlCity(x);
            return card(`Lidl ${x.digits(3)} ${city}`, city, nl(x));
          } },
          { weight: 1, card: () => card('LIDL SAGT DANKE', 'BERLIN', 'DEU') },
          { weight: 1, card: (x) => card(`LIDL DIENSTL FIL ${x.digits(4)}`, 'KOELN', 'DE') },
        ],
      },
      { person: 'uk', schedule: { times: 8 }, amount: [5, 40], variants: [{ card: (x) => {
        const city = ukCity(x);
        return card(`LIDL GB ${city}`, city, gb(x));
      } }] },
    ],
  },
  {
    id: 'albert-heijn',
    names: ['Albert Heijn', 'AH'],
    kinds: ['groceries'],
    uses: [
      {
        person: 'eu',
        schedule: { times: 70 },
        amount: [3, 85],
        variants: [
          { weight: 4, card: (x) => card(`ALBERT HEIJN ${x.digits(4)}`, nlCity(x), nl(x)) },
          { weight: 2, card: (x) => card(`AH to go ${x.digits(4)}`, 'AMSTERDAM', nl(x)) },
          { weight: 1, card: (x) => card(`Albert Heijn ${x.digits(4)}`, 'Amsterdam', nl(x)) },
          { weight: 1, card: (x) => {
            const city = nlCity(x);
            return card(`AH ${x.digits(4)} ${city}`, city, nl(x));
          } },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------- fuel and getting around
  {
    id: 'shell',
    names: ['Shell'],
    kinds: ['fuel'],
    uses: [
      {
        person: 'us',
        schedule: { times: 30 },
        amount: [28, 82],
        variants: [
          { weight: 3, card: (x) => inUs(`SHELL OIL ${x.digits(11)}`, x) },
          { weight: 2, card: (x) => inUs('SHELL SERVICE STATION', x) },
          { weight: 1, card: (x) => inUs(`SHELL ${x.digits(5)}`, x) },
        ],
      },
      {
        person: 'uk',
        schedule: { times: 14 },
        amount: [30, 85],
        variants: [{ card: (x) => card(`SHELL ${x.pick(['BAYSWATER', 'HAMMERSMITH', 'CAMDEN', 'KENTISH TOWN'])}`, 'LONDON', gb(x)) }, { card: (x) => card(`SHELL ${x.digits(4)}`, ukCity(x), gb(x)) }],
      },
      {
        person: 'eu',
        schedule: { times: 8 },
        amount: [40, 95],
        variants: [{ card: (x) => card(`SHELL ${x.digits(4)}`, nlCity(x), nl(x)) }, { card: () => card('SHELL DEUTSCHLAND OIL', 'BERLIN', 'DE') }],
      },
    ],
  },
  {
    id: 'uber',
    names: ['Uber'],
    kinds: ['rideshare'],
    uses: [
      {
        person: 'us',
        schedule: { times: 30 },
        amount: [8, 48],
        variants: [
          { weight: 3, card: () => card('UBER   *TRIP', 'HELP.UBER.COM', 'CA') },
          { weight: 2, card: () => card('UBER *TRIP', '800-592-8996', 'CA') },
          { weight: 1, card: (x) => card(`UBER *TRIP ${x.alnum(4)}`, 'HELP.UBER.COMCA') },
        ],
      },
      { person: 'uk', schedule: { times: 16 }, amount: [7, 35], variants: [{ card: () => card('UBER *TRIP', 'HELP.UBER.COM', 'GB') }, { card: (x) => card('UBER* TRIP', 'LONDON', gb(x)) }] },
      { person: 'eu', schedule: { times: 12 }, amount: [9, 40], variants: [{ card: () => card('UBER *TRIP', 'HELP.UBER.COM', 'NL') }, { card: (x) => card('UBER   *TRIP', 'AMSTERDAM', nl(x)) }] },
    ],
  },
  {
    id: 'lyft',
    names: ['Lyft'],
    kinds: ['rideshare'],
    uses: [
      {
        person: 'us',
        schedule: { times: 12 },
        amount: [7, 39],
        variants: [
          { weight: 3, card: (x) => card(`LYFT   *RIDE ${x.pick(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'])} ${x.int(1, 12)}${x.pick(['AM', 'PM'])}`, 'LYFT.COM', 'CA') },
          { weight: 1, card: () => card('LYFT *RIDE', 'SAN FRANCISCO', 'CA') },
          { weight: 1, card: () => card('LYFT', '855-865-9553', 'CA') },
        ],
      },
    ],
  },
  {
    id: 'tfl',
    names: ['TfL', 'Transport for London'],
    kinds: ['public_transit'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 110 },
        amount: [1.75, 8.9],
        variants: [
          { weight: 3, card: () => card('TFL TRAVEL CH', 'TFL.GOV.UK/CP', 'GB') },
          { weight: 2, card: () => card('TFL TRAVEL CHARGE', 'TFL.GOV.UK/CP', 'GBR') },
          { weight: 1, card: () => card('TFL.GOV.UK/CP', 'LONDON', 'GB') },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------- delivery
  {
    id: 'uber-eats',
    names: ['Uber Eats'],
    kinds: ['food_delivery'],
    uses: [
      {
        person: 'us',
        schedule: { times: 24 },
        amount: [14, 62],
        variants: [
          { weight: 3, card: () => card('UBER   *EATS', 'HELP.UBER.COM', 'CA') },
          { weight: 2, card: () => card('UBER *EATS', '800-592-8996', 'CA') },
          { weight: 1, card: (x) => card(`UBER* EATS ${x.alnum(4)}`, 'HELP.UBER.COMCA') },
        ],
      },
      { person: 'uk', schedule: { times: 10 }, amount: [12, 40], variants: [{ card: () => card('UBER *EATS', 'HELP.UBER.COM', 'GB') }] },
      { person: 'eu', schedule: { times: 10 }, amount: [14, 45], variants: [{ card: () => card('UBER *EATS', 'HELP.UBER.COM', 'NL') }, { card: (x) => card('Uber Eats', 'Amsterdam', nl(x)) }] },
    ],
  },
  {
    id: 'doordash',
    names: ['DoorDash'],
    kinds: ['food_delivery'],
    uses: [
      {
        person: 'us',
        schedule: { times: 20 },
        amount: [16, 70],
        variants: [
          // DoorDash's own descriptors stop at 22 characters, cutting the restaurant's name.
          { weight: 3, card: (x) => card(`DOORDASH*${x.pick(['CHIPOTLE', 'MCDONALDS', 'SWEETGREEN', 'PANDA EXPRESS', 'THAI TIME', 'THE HALAL GUYS', 'SUPER DUPER BURGERS'])}`.slice(0, 22), 'SAN FRANCISCO', 'CA') },
          { weight: 2, card: (x) => card(`DD *DOORDASH ${x.pick(['CHIPOTLE', 'BURGERKING', 'SUSHIHOUSE', 'TACOBELL'])}`, '855-973-1040', 'CA') },
          { weight: 1, card: () => card('DD *DOORDASH DASHPASS', '855-973-1040', 'CA') },
        ],
      },
    ],
  },
  {
    id: 'deliveroo',
    names: ['Deliveroo'],
    kinds: ['food_delivery'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 22 },
        amount: [13, 45],
        variants: [
          { weight: 3, card: (x) => card('DELIVEROO', 'LONDON', gb(x)) },
          { weight: 2, card: () => card('DELIVEROO.CO.UK', 'LONDON', 'GB') },
          { weight: 1, card: () => card('DELIVEROO PLUS', 'LONDON', 'GB') },
          { weight: 1, card: () => card('PAYPAL *DELIVEROO', '4029357733', 'GB') },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------- subscriptions and software
  {
    id: 'netflix',
    names: ['Netflix'],
    kinds: ['streaming'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 7 },
        amount: [15.49, 15.49],
        variants: [{ weight: 2, card: () => card('NETFLIX.COM', 'NETFLIX.COM', 'CA') }, { card: () => card('NETFLIX.COM', '866-579-7172', 'CA') }, { card: () => card('Netflix.com', 'Los Gatos', 'CA') }],
      },
      { person: 'uk', schedule: { monthlyOn: 19 }, amount: [10.99, 10.99], variants: [{ card: () => card('NETFLIX.COM', 'AMSTERDAM', 'NL') }, { card: () => card('NETFLIX.COM', '866-716-0414', 'GB') }] },
      { person: 'eu', schedule: { monthlyOn: 3 }, amount: [13.99, 13.99], variants: [{ card: () => card('NETFLIX.COM', 'AMSTERDAM', 'NLD') }, { card: () => card('Netflix International B.V.', 'Amsterdam', 'NL') }, { card: () => card('PAYPAL *NETFLIX.COM', '4029357733', 'LU') }] },
    ],
  },
  {
    id: 'spotify',
    names: ['Spotify'],
    kinds: ['music', 'streaming'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 14 },
        amount: [11.99, 11.99],
        variants: [{ card: () => card('SPOTIFY USA', '877-7781161', 'NY') }, { card: () => card('Spotify USA', 'New York', 'NY') }],
      },
      {
        person: 'uk',
        schedule: { monthlyOn: 22 },
        amount: [11.99, 11.99],
        variants: [{ card: (x) => card(`Spotify P${x.alnum(9)}`, 'Stockholm', 'SE') }, { card: () => card('PAYPAL *SPOTIFY', '35314369001', 'GB') }],
      },
      {
        person: 'eu',
        schedule: { monthlyOn: 27 },
        amount: [10.99, 10.99],
        variants: [
          { card: () => card('PAYPAL *SPOTIFY', '35314369001', 'LU') },
          { debit: (x) => ({ name: 'PayPal Europe S.a.r.l. et Cie S.C.A', desc: `${x.digits(13)} PAYPAL Spotify AB` }) },
          { card: (x) => card(`Spotify P${x.alnum(9)}`, 'Stockholm', 'SE') },
        ],
      },
    ],
  },
  {
    id: 'adobe',
    names: ['Adobe'],
    kinds: ['software'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 11 },
        amount: [19.99, 19.99],
        variants: [{ card: () => card('ADOBE *CREATIVE CLOUD', '408-536-6000', 'CA') }, { card: () => card('ADOBE *ADOBE', '408-536-6000', 'CA') }, { card: () => card('ADOBE *PHOTOGPHY PLAN', '800-833-6687', 'CA') }],
      },
      { person: 'uk', schedule: { monthlyOn: 5 }, amount: [10.98, 10.98], variants: [{ card: () => card('ADOBE SYSTEMS SOFTWARE', 'DUBLIN', 'IE') }, { card: () => card('ADOBE *ADOBE', 'MAIDENHEAD', 'GB') }] },
    ],
  },

  // ---------------------------------------------------------------- shopping
  {
    id: 'amazon',
    names: ['Amazon'],
    kinds: ['marketplace'],
    uses: [
      {
        person: 'us',
        schedule: { times: 48 },
        amount: [6, 160],
        variants: [
          { weight: 3, card: (x) => card(`AMZN Mktp US*${x.alnum(9)}`, 'Amzn.com/bill', 'WA') },
          { weight: 2, card: (x) => card(`Amazon.com*${x.alnum(9)}`, 'Amzn.com/bill', 'WA') },
          { weight: 1, card: (x) => card(`AMAZON.COM*${x.alnum(9)}`, 'AMZN.COM/BILL', 'WA') },
          { weight: 1, card: (x) => card(`AMAZON MKTPL*${x.alnum(9)}`, 'Amzn.com/bill', 'WA') },
          { weight: 1, card: (x) => card(`AMAZON RETA* ${x.alnum(9)}`, 'WWW.AMAZON.CO', 'WA') },
        ],
      },
      {
        person: 'uk',
        schedule: { times: 30 },
        amount: [5, 120],
        variants: [
          { weight: 2, card: (x) => card(`AMAZON.CO.UK*${x.alnum(9)}`, 'AMAZON.CO.UK', 'GB') },
          { weight: 2, card: () => card('AMZNMKTPLACE', 'AMAZON.CO.UK', 'GB') },
          { weight: 1, card: (x) => card(`AMZNMktplace*${x.alnum(9)}`, 'amazon.co.uk', 'GB') },
          { weight: 1, card: (x) => card(`AMAZON* ${x.alnum(9)}`, 'LONDON', 'GB') },
        ],
      },
      {
        person: 'eu',
        schedule: { times: 20 },
        amount: [8, 130],
        variants: [{ card: (x) => card(`AMZN Mktp DE*${x.alnum(9)}`, 'AMAZON.DE', 'LU') }, { card: (x) => card(`AMAZON.NL*${x.alnum(9)}`, 'AMSTERDAM', 'NL') }, { card: (x) => card(`Amazon.de*${x.alnum(9)}`, 'amazon.de', 'LU') }],
      },
    ],
  },
  {
    id: 'cvs',
    names: ['CVS', 'CVS Pharmacy'],
    kinds: ['pharmacy'],
    uses: [
      {
        person: 'us',
        schedule: { times: 12 },
        amount: [4, 48],
        variants: [
          { weight: 3, card: (x) => inUs(`CVS/PHARMACY #${x.digits(5)}`, x) },
          { weight: 1, card: (x) => inUs(`CVS/PHARM ${x.digits(5)}`, x) },
          { weight: 1, card: (x) => inUs(`CVS PHARMACY ${x.digits(5)}`, x) },
        ],
      },
    ],
  },
  {
    id: 'boots',
    names: ['Boots'],
    kinds: ['pharmacy', 'personal_care'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 14 },
        amount: [3, 40],
        variants: [
          { weight: 3, card: (x) => card(`BOOTS ${x.digits(4)}`, ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card('BOOTS THE CHEMISTS', ukCity(x), gb(x)) },
          { weight: 1, card: (x) => card(`BOOTS/${x.digits(4)}`, 'LONDON', gb(x)) },
        ],
      },
    ],
  },

  // ---------------------------------------------------------------- bills
  {
    id: 't-mobile',
    names: ['T-Mobile'],
    kinds: ['phone'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 21 },
        amount: [70, 70],
        variants: [
          { weight: 2, card: () => card('T-MOBILE*AUTO PAY', '800-937-8997', 'WA') },
          { weight: 1, card: () => card('TMOBILE*POSTPAID WEB', '800-937-8997', 'WA') },
          { weight: 2, debit: () => ({ name: 'T-MOBILE', desc: 'PCS SVC' }) },
        ],
      },
    ],
  },
  {
    id: 'pge',
    names: ['PG&E', 'Pacific Gas and Electric'],
    kinds: ['electricity', 'gas_utility'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 16 },
        amount: [62, 190],
        variants: [
          { weight: 3, debit: () => ({ name: 'PGANDE', desc: 'WEB ONLINE' }) },
          { weight: 1, debit: () => ({ name: 'PG&E', desc: 'EZ-PAY' }) },
          { weight: 1, card: () => card('PG&E/EZ-PAY', '800-743-5000', 'CA') },
        ],
      },
    ],
  },
  {
    id: 'xfinity',
    names: ['Xfinity', 'Comcast', 'Comcast Xfinity'],
    kinds: ['internet'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 2 },
        amount: [79, 79],
        variants: [
          { weight: 2, card: () => card('COMCAST CALIFORNIA', '800-COMCAST', 'CA') },
          { weight: 1, card: () => card('COMCAST XFINITY', '800-266-2278', 'CA') },
          { weight: 2, debit: () => ({ name: 'COMCAST', desc: 'CABLE' }) },
        ],
      },
    ],
  },
  {
    id: 'vodafone',
    names: ['Vodafone'],
    kinds: ['phone'],
    uses: [
      {
        person: 'uk',
        schedule: { monthlyOn: 12 },
        amount: [24, 24],
        variants: [{ weight: 2, debit: (x) => ({ name: 'VODAFONE LIMITED', desc: x.digits(9) }) }, { debit: (x) => ({ name: 'VODAFONE LTD', desc: `${x.digits(9)}-${x.digits(3)}` }) }],
      },
      {
        person: 'eu',
        schedule: { monthlyOn: 24 },
        amount: [27.5, 27.5],
        variants: [{ debit: (x) => ({ name: 'Vodafone Libertel B.V.', desc: `Factuur ${x.digits(10)} Klantnummer ${x.digits(8)}` }) }],
      },
    ],
  },
  {
    id: 'thames-water',
    names: ['Thames Water'],
    kinds: ['water'],
    uses: [
      {
        person: 'uk',
        schedule: { monthlyOn: 1 },
        amount: [38, 38],
        variants: [{ weight: 2, debit: (x) => ({ name: 'THAMES WATER', desc: x.digits(12) }) }, { debit: (x) => ({ name: 'THAMES WATER UTILITIES LTD', desc: x.digits(12) }) }],
      },
    ],
  },
  {
    id: 'planet-fitness',
    names: ['Planet Fitness'],
    kinds: ['fitness'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 17 },
        amount: [24.99, 24.99],
        variants: [{ weight: 2, card: () => card('ABC*PLANET FITNESS', '888-827-9262', 'NH') }, { card: () => card('PLANET FITNESS', '844-880-7180', 'NH') }, { debit: () => ({ name: 'PLANET FITNESS', desc: 'CLUB FEES' }) }],
      },
    ],
  },
  {
    id: 'puregym',
    names: ['PureGym', 'Pure Gym'],
    kinds: ['fitness'],
    uses: [
      {
        person: 'uk',
        schedule: { monthlyOn: 1 },
        amount: [29.99, 29.99],
        variants: [{ weight: 2, debit: (x) => ({ name: 'PUREGYM LTD', desc: x.digits(8) }) }, { card: () => card('PUREGYM', 'LEEDS', 'GB') }, { card: () => card('PURE GYM LTD', 'LEEDS', 'GBR') }],
      },
    ],
  },

  // ---------------------------------------------------------------- rent paid person to person
  {
    id: 'greenleaf-rent',
    names: ['Greenleaf Property Management', 'Greenleaf Property Mgmt', 'Greenleaf Property Management LLC', 'Greenleaf Property'],
    kinds: ['rent'],
    uses: [
      {
        person: 'us',
        schedule: { monthlyOn: 1 },
        amount: [2850, 2850],
        variants: [{ weight: 2, p2p: () => 'GREENLEAF PROPERTY MGMT' }, { weight: 2, p2p: () => 'Greenleaf Property Management LLC' }, { p2p: () => 'Greenleaf Property Mgmt' }],
      },
    ],
  },

  // ---------------------------------------------------------------- travel
  {
    id: 'delta',
    names: ['Delta', 'Delta Air Lines'],
    kinds: ['airline'],
    uses: [
      {
        person: 'us',
        schedule: { times: 5 },
        amount: [89, 640],
        variants: [
          { weight: 2, card: (x) => card(`DELTA AIR 006${x.digits(10)}`, 'DELTA.COM', 'CA') },
          { weight: 1, card: () => card('DELTA AIR LINES', 'ATLANTA', 'GA') },
          { weight: 1, card: (x) => card(`DELTA 006${x.digits(10)}`, '800-221-1212', 'GA') },
        ],
      },
    ],
  },
  {
    id: 'british-airways',
    names: ['British Airways', 'BA'],
    kinds: ['airline'],
    uses: [
      {
        person: 'uk',
        schedule: { times: 4 },
        amount: [75, 520],
        variants: [{ weight: 2, card: (x) => card(`BRITISH AIRWAYS 125${x.digits(10)}`, 'LONDON', 'GB') }, { card: () => card('BRITISH AIRWAYS', 'HARMONDSWORTH', 'GB') }, { card: (x) => card(`BRITISH A 125${x.digits(10)}`, 'BA.COM', 'GB') }],
      },
    ],
  },
  {
    id: 'ryanair',
    names: ['Ryanair'],
    kinds: ['airline'],
    uses: [
      {
        person: 'eu',
        schedule: { times: 5 },
        amount: [29, 240],
        variants: [{ weight: 2, card: (x) => card(`RYANAIR ${x.alnum(6)}`, 'DUBLIN', 'IE') }, { card: () => card('RYANAIR LTD', 'DUBLIN', 'IRL') }, { card: () => card('WWW.RYANAIR.COM', 'SWORDS', 'IE') }],
      },
      { person: 'uk', schedule: { times: 2 }, amount: [35, 180], variants: [{ card: (x) => card(`RYANAIR ${x.alnum(6)}`, 'DUBLIN', 'IE') }] },
    ],
  },
  {
    id: 'marriott',
    names: ['Marriott', 'Marriott Hotels', 'Courtyard by Marriott'],
    kinds: ['lodging'],
    uses: [
      {
        person: 'us',
        schedule: { times: 4 },
        amount: [210, 980],
        variants: [
          { weight: 2, card: () => card('NEW YORK MARRIOTT MARQUIS', 'NEW YORK', 'NY') },
          { weight: 1, card: () => card('SEATTLE MARRIOTT WATERFRONT', 'SEATTLE', 'WA') },
          { weight: 1, card: () => card('COURTYARD BY MARRIOTT', 'PORTLAND', 'OR') },
          { weight: 1, card: (x) => card(`MARRIOTT HOTEL ${x.digits(5)}`, 'CHICAGO', 'IL') },
        ],
      },
      { person: 'eu', schedule: { times: 2 }, amount: [160, 640], variants: [{ card: () => card('MARRIOTT HOTEL PARIS', 'PARIS', 'FR') }, { card: () => card('Berlin Marriott Hotel', 'Berlin', 'DE') }] },
    ],
  },
  {
    id: 'booking',
    names: ['Booking.com'],
    kinds: ['travel_booking', 'lodging'],
    uses: [
      {
        person: 'eu',
        schedule: { times: 4 },
        amount: [90, 620],
        variants: [{ weight: 2, card: () => card('BOOKING.COM HOTEL', 'AMSTERDAM', 'NL') }, { card: () => card('Hotel at Booking.com', 'Amsterdam', 'NLD') }, { card: () => card('BOOKING.COM BV', 'AMSTERDAM', 'NL') }],
      },
      { person: 'uk', schedule: { times: 2 }, amount: [110, 480], variants: [{ card: () => card('BOOKING.COM HOTEL', 'AMSTERDAM', 'NL') }] },
    ],
  },
  {
    id: 'airbnb',
    names: ['Airbnb'],
    kinds: ['lodging', 'travel_booking'],
    uses: [
      {
        person: 'us',
        schedule: { times: 3 },
        amount: [180, 1400],
        variants: [{ weight: 2, card: (x) => card(`AIRBNB * HM${x.alnum(8)}`, '415-800-5959', 'CA') }, { card: () => card('AIRBNB  INC', 'AIRBNB.COM', 'CA') }],
      },
      {
        person: 'eu',
        schedule: { times: 3 },
        amount: [150, 900],
        variants: [{ card: (x) => card(`AIRBNB * HM${x.alnum(8)}`, 'DUBLIN', 'IE') }, { card: (x) => card(`Airbnb * HM${x.alnum(8)}`, 'airbnb.com', 'IE') }],
      },
    ],
  },
];
