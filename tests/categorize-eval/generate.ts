import { seededRandom as prng } from '../../src/server/seededRandom';
/**
 * Two years (2024, 2025) of bank strings for 40 common merchants, as one US checking account and card
 * show them, from a fixed seed, with the category a person gives each row. Written for the
 * categorization measure (rules plus learning), apart from the merchant component's own evaluation set.
 *
 * The strings vary the way bank exports do: processor prefixes (SQ *, TST*, PAYPAL *), store numbers,
 * cities and states, card-terminal noise and order codes, so the second year's strings are mostly
 * ones the first year never showed. A few merchants are categorized by amount or by product (Amazon
 * Prime is Subscriptions, Amazon orders Shopping; Costco petrol is Transport), as people do.
 */

export interface Row {
  date: string;
  description: string;
  amountMinor: number;
  type: 'income' | 'expense';
  /** The category the person gives it. */
  category: string;
  merchant: string;
}

interface Merchant {
  name: string;
  type?: 'income';
  /** Times a month (fractions: that chance each month). */
  perMonth: number;
  /** Amount range in dollars. */
  amount: [number, number];
  category: string;
  /** Bank string shapes: `#` a digit, `@` a city and state, `%` an order code. */
  shapes: string[];
  /** Another category for some rows: its shapes, amounts and share. */
  alt?: { category: string; shapes: string[]; amount: [number, number]; share: number };
}

export const MERCHANTS: Merchant[] = [
  { name: 'Starbucks', perMonth: 8, amount: [3.5, 9], category: 'Dining', shapes: ['STARBUCKS STORE #####', 'STARBUCKS ###### @', 'SQ *STARBUCKS ####', 'POS DEBIT STARBUCKS ####'] },
  { name: 'Blue Bottle Coffee', perMonth: 2, amount: [4, 12], category: 'Dining', shapes: ['SQ *BLUE BOTTLE ####', 'BLUE BOTTLE COFFEE @', 'SQ *BLUE BOTTLE COFFEE'] },
  { name: "McDonald's", perMonth: 2, amount: [5, 15], category: 'Dining', shapes: ["MCDONALD'S F#####", 'MCDONALDS ##### @', "MCDONALD'S #####"] },
  { name: 'Chipotle', perMonth: 2, amount: [9, 25], category: 'Dining', shapes: ['CHIPOTLE ####', 'CHIPOTLE ONLINE', 'CHIPOTLE #### @'] },
  { name: 'DoorDash', perMonth: 3, amount: [18, 60], category: 'Dining', shapes: ['DOORDASH*%', 'DD *DOORDASH %', 'DOORDASH*DASHPASS'] },
  { name: 'Uber Eats', perMonth: 1.5, amount: [15, 55], category: 'Dining', shapes: ['UBER *EATS %', 'UBER EATS %', 'UBER* EATS PENDING'] },
  { name: 'Whole Foods', perMonth: 4, amount: [25, 180], category: 'Groceries', shapes: ['WHOLEFDS ### @', 'WHOLE FOODS MKT #####', 'WHOLEFDS MKT #####'] },
  { name: "Trader Joe's", perMonth: 3, amount: [20, 120], category: 'Groceries', shapes: ["TRADER JOE'S #### @", 'TRADER JOE S ###', "TRADER JOE'S #####"] },
  { name: 'Safeway', perMonth: 2, amount: [15, 140], category: 'Groceries', shapes: ['SAFEWAY #####', 'SAFEWAY STORE #### @', 'SAFEWAY ####'] },
  { name: 'Kroger', perMonth: 1, amount: [20, 150], category: 'Groceries', shapes: ['KROGER #####', 'KROGER #### @', 'KROGER FUEL ####'] },
  { name: 'Costco', perMonth: 1.5, amount: [60, 320], category: 'Groceries', shapes: ['COSTCO WHSE #####', 'COSTCO WHSE ##### @'], alt: { category: 'Transport', shapes: ['COSTCO GAS #####', 'COSTCO GAS ##### @'], amount: [35, 70], share: 0.35 } },
  { name: 'Walmart', perMonth: 1.5, amount: [15, 160], category: 'Groceries', shapes: ['WAL-MART #####', 'WALMART SUPERCENTER #### @', 'WM SUPERCENTER #####'] },
  { name: 'Target', perMonth: 1.5, amount: [12, 140], category: 'Shopping', shapes: ['TARGET ########', 'TARGET T-#### @', 'TARGET.COM *%'] },
  { name: 'Amazon', perMonth: 4, amount: [8, 150], category: 'Shopping', shapes: ['AMZN Mktp US*%', 'Amazon.com*%', 'AMAZON MKTPL*%', 'AMZN MKTP US %'], alt: { category: 'Subscriptions', shapes: ['Amazon Prime*%', 'AMAZON PRIME*%'], amount: [14.99, 14.99], share: 0.18 } },
  { name: 'Best Buy', perMonth: 0.3, amount: [25, 900], category: 'Shopping', shapes: ['BEST BUY #####', 'BESTBUYCOM%', 'BEST BUY ##### @'] },
  { name: 'Home Depot', perMonth: 0.7, amount: [10, 400], category: 'Shopping', shapes: ['THE HOME DEPOT ####', 'HOME DEPOT #### @', 'THE HOME DEPOT #####'] },
  { name: 'IKEA', perMonth: 0.2, amount: [30, 600], category: 'Shopping', shapes: ['IKEA @', 'IKEA US %', 'IKEA ###'] },
  { name: 'Shell', perMonth: 2.5, amount: [30, 75], category: 'Transport', shapes: ['SHELL OIL ##########', 'SHELL SERVICE STATION @', 'SHELL OIL ####### @'] },
  { name: 'Chevron', perMonth: 1.5, amount: [30, 80], category: 'Transport', shapes: ['CHEVRON #######', 'CHEVRON ###### @', 'CHEVRON/#######'] },
  { name: 'Uber', perMonth: 3, amount: [9, 45], category: 'Transport', shapes: ['UBER *TRIP %', 'UBER   *TRIP', 'UBER* TRIP %'] },
  { name: 'Lyft', perMonth: 1.5, amount: [8, 40], category: 'Transport', shapes: ['LYFT   *RIDE %', 'LYFT *RIDE THU #PM', 'LYFT *RIDE'] },
  { name: 'BART', perMonth: 2, amount: [2.5, 12], category: 'Transport', shapes: ['BART-CLIPPER ####', 'CLIPPER SERVICE ####', 'BART CLIPPER'] },
  { name: 'Netflix', perMonth: 1, amount: [15.49, 15.49], category: 'Subscriptions', shapes: ['NETFLIX.COM', 'NETFLIX.COM 866-579-7172 CA', 'Netflix.com'] },
  { name: 'Spotify', perMonth: 1, amount: [11.99, 11.99], category: 'Subscriptions', shapes: ['SPOTIFY USA', 'Spotify P%', 'SPOTIFY P%'] },
  { name: 'Apple', perMonth: 1, amount: [2.99, 2.99], category: 'Subscriptions', shapes: ['APPLE.COM/BILL', 'APPLE.COM/BILL 866-712-7753 CA'] },
  { name: 'Adobe', perMonth: 1, amount: [22.99, 22.99], category: 'Subscriptions', shapes: ['ADOBE  *CREATIVE CLD', 'ADOBE *ACROPRO SUBS', 'ADOBE *%'] },
  { name: 'PG&E', perMonth: 1, amount: [60, 210], category: 'Utilities', shapes: ['PGANDE WEB ONLINE', 'PG&E/EZ-PAY', 'PGANDE WEB ONLINE %'] },
  { name: 'Comcast', perMonth: 1, amount: [79.99, 89.99], category: 'Utilities', shapes: ['COMCAST CABLE COMM', 'COMCAST CALIFORNIA ###-###-####', 'XFINITY MOBILE'] },
  { name: 'T-Mobile', perMonth: 1, amount: [65, 65], category: 'Utilities', shapes: ['T-MOBILE AUTO PAY', 'TMOBILE*AUTO PAY', 'T-MOBILE POSTPAID'] },
  { name: 'Oakridge Property', perMonth: 1, amount: [2150, 2150], category: 'Housing', shapes: ['ZELLE PAYMENT TO OAKRIDGE PROPERTY MGMT %', 'ZELLE TO OAKRIDGE PROPERTY MGMT'] },
  { name: 'Planet Fitness', perMonth: 1, amount: [24.99, 24.99], category: 'Health', shapes: ['PLANET FITNESS', 'PLANET FIT CLUB FEES', 'PLANET FITNESS #####'] },
  { name: 'CVS', perMonth: 1.2, amount: [6, 60], category: 'Health', shapes: ['CVS/PHARMACY #####', 'CVS/PHARM ##### @', 'CVS #####'] },
  { name: 'Walgreens', perMonth: 0.8, amount: [5, 45], category: 'Health', shapes: ['WALGREENS #####', 'WALGREENS STORE #### @', 'WAG*WALGREENS %'] },
  { name: 'GEICO', perMonth: 1, amount: [128, 128], category: 'Insurance', shapes: ['GEICO *AUTO', 'GEICO  *AUTO %', 'GEICO AUTO PAYMENT'] },
  { name: 'Delta', perMonth: 0.2, amount: [180, 650], category: 'Travel', shapes: ['DELTA AIR ##########', 'DELTA AIR LINES ATLANTA', 'DELTA ##########'] },
  { name: 'Airbnb', perMonth: 0.2, amount: [150, 900], category: 'Travel', shapes: ['AIRBNB * %', 'AIRBNB HM%', 'AIRBNB * HM%'] },
  { name: 'Marriott', perMonth: 0.15, amount: [160, 700], category: 'Travel', shapes: ['MARRIOTT @', 'MARRIOTT HOTEL ##### @', 'COURTYARD BY MARRIOTT @'] },
  { name: 'AMC', perMonth: 0.5, amount: [12, 45], category: 'Entertainment', shapes: ['AMC #### ONLINE', 'AMC THEATRES ####', 'AMC ####'] },
  { name: 'Great Clips', perMonth: 0.5, amount: [18, 30], category: 'Personal Care', shapes: ['GREAT CLIPS ####', 'GREAT CLIPS #### @'] },
  { name: 'Acme Corp payroll', type: 'income', perMonth: 2, amount: [2875.4, 2875.4], category: 'Salary', shapes: ['ACME CORP PAYROLL PPD ID: #########', 'ACME CORP DIR DEP', 'DIRECT DEP ACME CORP PAYROLL'] },
];

const CITIES = ['SAN FRANCISCO CA', 'OAKLAND CA', 'BERKELEY CA', 'SAN JOSE CA', 'DALY CITY CA', 'PALO ALTO CA', 'SEATTLE WA', 'PORTLAND OR', 'DENVER CO', 'AUSTIN TX', 'CHICAGO IL', 'NEW YORK NY', 'BOSTON MA'];


function fill(shape: string, r: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const code = () => Array.from({ length: 9 }, () => pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'])).join('');
  return shape.replace(/#/g, () => String(Math.floor(r() * 10))).replace(/@/g, () => pick(CITIES)).replace(/%/g, code);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One year's rows, in date order. The seed differs per year, so the strings do too. */
export function generateYear(year: number, seed = 20240101): Row[] {
  const r = prng(seed + year);
  const rows: Row[] = [];
  for (let month = 1; month <= 12; month++) {
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    for (const m of MERCHANTS) {
      const whole = Math.floor(m.perMonth);
      const n = whole + (r() < m.perMonth - whole ? 1 : 0);
      for (let i = 0; i < n; i++) {
        const alt = m.alt && r() < m.alt.share ? m.alt : undefined;
        const [lo, hi] = alt?.amount ?? m.amount;
        const amount = Math.round((lo + r() * (hi - lo)) * 100);
        rows.push({
          date: `${year}-${pad(month)}-${pad(1 + Math.floor(r() * days))}`,
          description: fill((alt?.shapes ?? m.shapes)[Math.floor(r() * (alt?.shapes ?? m.shapes).length)]!, r),
          amountMinor: Math.max(1, amount),
          type: m.type ?? 'expense',
          category: alt?.category ?? m.category,
          merchant: m.name,
        });
      }
    }
  }
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
