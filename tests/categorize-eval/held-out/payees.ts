/**
 * HELD-OUT DATA. Engineers who work on categorization or merchant names must not open this folder
 * (tests/categorize-eval/README.md). Two people, one year each, written by hand from how real banks
 * print rows: what the bank prints (`raw`, with placeholders filled per row by build.ts), what a careful
 * person would file it under among the product's built-in categories, and the clean name they would expect.
 *
 * Placeholders: {D} day of month (2 digits), {M} month (2 digits), {MON} month (JAN), {N3}/{N4}/{N6}/{N10}
 * random digits, {A6}/{A10} random letters and digits, {DMY} DD/MM/YY.
 */

export type EvalClass = 'chain' | 'local' | 'wrapper' | 'income' | 'transfer' | 'learning';
export type Person = 'us' | 'uk';
export type AccountKey = 'checking' | 'card' | 'current' | 'amex';

export interface Payee {
  person: Person;
  account: AccountKey;
  class: EvalClass;
  /** The category a careful person picks ('TRANSFER': money moved between their own accounts, not spending). */
  category: string;
  /** Other categories a careful person could as well have chosen (a gym: Health or Personal Care). */
  accept?: string[];
  type: 'income' | 'expense';
  /** The clean name a person would expect to read, or null where any name is fine (a transfer). */
  name: string | null;
  raw: string[];
  /** Amount range in major units; the same amount every time when both are equal. */
  amount: [number, number];
  /** How often: per month, or on fixed days of each month. */
  perMonth?: number;
  days?: number[];
  /** Only in these months (1-12). */
  months?: number[];
  /** Both legs of one payment between the person's own accounts: the later payee with the same key pays the
   * amount the earlier one drew that month (a card payment leaves checking and reaches the card unchanged). */
  leg?: string;
}

export const TRANSFER = 'TRANSFER';

const every = (n: number) => ({ perMonth: n });
const on = (...days: number[]) => ({ days });

export const PAYEES: Payee[] = [
  // ---------------------------------------------------------------------- US: Dana, Austin TX
  // Checking (Chase, QFX): payroll, housing, bills by ACH, debit card wrappers, Zelle/Venmo.
  { person: 'us', account: 'checking', class: 'income', category: 'Salary', type: 'income', name: 'Hartwell Robotics', raw: ['HARTWELL ROBOTICS PAYROLL PPD ID: 9112233445'], amount: [2841.17, 2841.17], ...on(1, 15) },
  { person: 'us', account: 'checking', class: 'income', category: 'Freelance', type: 'income', name: 'Stripe', raw: ['STRIPE TRANSFER ST-{A10} PPD ID: 1800948598'], amount: [310, 1450], ...every(1) },
  { person: 'us', account: 'checking', class: 'income', category: 'Gifts Received', type: 'income', name: 'Linda Whitfield', raw: ['Zelle payment from LINDA WHITFIELD BACpb{A6}'], amount: [50, 200], months: [3, 12] , ...every(1) },
  { person: 'us', account: 'checking', class: 'income', category: 'Investments', type: 'income', name: 'Vanguard', raw: ['VANGUARD BUY INVESTMENT DIV PPD ID: 2231176223'], amount: [42, 118], months: [3, 6, 9, 12], ...every(1) },
  { person: 'us', account: 'checking', class: 'income', category: 'Refunds', type: 'income', name: 'IRS', raw: ['IRS TREAS 310 TAX REF PPD ID: 9111736946'], amount: [1212, 1212], months: [4], ...every(1) },
  { person: 'us', account: 'checking', class: 'chain', category: 'Housing', type: 'expense', name: 'Mr. Cooper', raw: ['MR. COOPER MTG PYMT PPD ID: 1752432106', 'NATIONSTAR DBA MR COOPER MTG PYMT'], amount: [1874.55, 1874.55], ...on(2) },
  { person: 'us', account: 'checking', class: 'local', category: 'Utilities', type: 'expense', name: 'Austin Energy', raw: ['CITY OF AUSTIN UTIL WEB PMTS PPD ID: 1746000085', 'AUSTIN ENERGY/CITY OF AUSTIN UTILITY'], amount: [96, 241], ...on(9) },
  { person: 'us', account: 'checking', class: 'local', category: 'Utilities', type: 'expense', name: 'Texas Gas Service', raw: ['TEXAS GAS SERVICE ONLINE PMT WEB ID: 1730247211'], amount: [28, 87], ...on(12) },
  { person: 'us', account: 'checking', class: 'chain', category: 'Insurance', type: 'expense', name: 'State Farm', raw: ['STATE FARM RO 27 CPC-CLIENT 11 PPD ID: 9000313004'], amount: [138.42, 138.42], ...on(18) },
  { person: 'us', account: 'checking', class: 'local', category: 'Housing', type: 'expense', name: 'Brushy Creek HOA', raw: ['BRUSHY CREEK HOA DUES WEB ID: 4510001238'], amount: [65, 65], ...on(5) },
  { person: 'us', account: 'checking', class: 'wrapper', category: 'Dining', type: 'expense', name: 'Torchy\'s Tacos', raw: ['DEBIT CARD PURCHASE {M}/{D} TORCHYS TACOS #0{N3} AUSTIN TX', 'CARD PURCHASE {M}/{D} TORCHY\'S TACOS - NORTH AUSTIN TX CARD 4417'], amount: [9.5, 31], ...every(2) },
  { person: 'us', account: 'checking', class: 'wrapper', category: 'Groceries', type: 'expense', name: 'H-E-B', raw: ['POS PURCHASE {M}/{D} H-E-B #{N3} CEDAR PARK TX', 'CARD PURCHASE WITH PIN {M}/{D} HEB ONLINE 800-432-3113 TX CARD 4417', 'DEBIT CARD PURCHASE {M}/{D} H-E-B  #0{N3}  AUSTIN TX'], amount: [38, 212], ...every(4) },
  { person: 'us', account: 'checking', class: 'wrapper', category: 'Transport', type: 'expense', name: 'Shell', raw: ['POS PURCHASE {M}/{D} SHELL OIL 57444{N4} CEDAR PARK TX', 'CARD PURCHASE {M}/{D} SHELL SERVICE STATION AUSTIN TX CARD 4417'], amount: [31, 64], ...every(2) },
  { person: 'us', account: 'checking', class: 'wrapper', category: 'Housing', type: 'expense', name: 'Maria Lopez', raw: ['Zelle payment to MARIA LOPEZ JPM99{A6}'], amount: [140, 140], ...on(8, 22) },
  { person: 'us', account: 'checking', class: 'wrapper', category: 'Gifts & Donations', type: 'expense', name: 'Austin Pets Alive', raw: ['PAYPAL *AUSTINPETSA 402-935-7733 CA', 'PAYPAL INST XFER AUSTINPETSALIVE WEB ID: PAYPALSI77'], amount: [25, 50], ...on(20) },
  { person: 'us', account: 'checking', class: 'transfer', category: TRANSFER, type: 'expense', name: null, raw: ['Online Transfer to SAV ...8812 transaction#: {N10} {M}/{D}'], amount: [250, 600], ...on(16) },
  { person: 'us', account: 'checking', class: 'transfer', category: TRANSFER, type: 'expense', name: null, raw: ['CITI CARD ONLINE PAYMENT {N6} WEB ID: CITICTP'], amount: [900, 2300], ...on(24), leg: 'us-citi' },
  { person: 'us', account: 'checking', class: 'transfer', category: TRANSFER, type: 'income', name: null, raw: ['Online Transfer from SAV ...8812 transaction#: {N10}'], amount: [400, 400], months: [8], ...every(1) },
  { person: 'us', account: 'checking', class: 'chain', category: 'Fees & Charges', type: 'expense', name: 'Chase', raw: ['NON-CHASE ATM FEE-WITH', 'INTERNATIONAL ATM FEE'], amount: [3, 5], months: [2, 7, 11], ...every(1) },
  { person: 'us', account: 'checking', class: 'learning', category: 'Education', type: 'expense', name: 'Little Oaks Montessori', raw: ['LITTLE OAKS MONTESSORI TUITION PPD ID: 7462001934'], amount: [985, 985], ...on(3) },
  { person: 'us', account: 'checking', class: 'learning', category: 'Personal Care', type: 'expense', name: 'Kayla Brooks', raw: ['VENMO PAYMENT 10{N10} WEB ID: 3264681992 KAYLA-BROOKS'], amount: [65, 85], ...every(1) },
  { person: 'us', account: 'checking', class: 'learning', category: 'Health', type: 'expense', name: 'Lakeline Physical Therapy', raw: ['DEBIT CARD PURCHASE {M}/{D} LAKELINE PHYSICAL THERA CEDAR PARK TX'], amount: [40, 40], ...every(2) },
  { person: 'us', account: 'checking', class: 'learning', category: 'Entertainment', type: 'expense', name: 'Sweet Spot Pickleball', raw: ['SWEETSPOT PICKLEBALL CLB WEB ID: 9000{N6}'], amount: [45, 45], ...on(6) },
  // Card (Citi, CSV): chains, local places behind Square/Toast, subscriptions, travel, refunds.
  { person: 'us', account: 'card', class: 'chain', category: 'Dining', type: 'expense', name: 'Starbucks', raw: ['STARBUCKS STORE 0{N4} AUSTIN TX', 'STARBUCKS 800-782-7282 800-782-7282 WA', 'STARBUCKS #{N4} CEDAR PARK TX'], amount: [4.25, 12.9], ...every(5) },
  { person: 'us', account: 'card', class: 'chain', category: 'Dining', type: 'expense', name: 'Chipotle', raw: ['CHIPOTLE {N4} AUSTIN TX', 'CHIPOTLE ONLINE 1{N3}'], amount: [11.8, 27.4], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Dining', type: 'expense', name: 'DoorDash', raw: ['DD *DOORDASH CHUYS 855-973-1040 CA', 'DOORDASH*PHO SAIGON SAN FRANCISCO CA', 'DD *DOORDASH DASHPASS 855-973-1040 CA'], amount: [24, 58], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Groceries', type: 'expense', name: 'Costco', raw: ['COSTCO WHSE #0681 CEDAR PARK TX', 'COSTCO WHSE #1165 AUSTIN TX'], amount: [96, 289], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Groceries', type: 'expense', name: 'Trader Joe\'s', raw: ['TRADER JOE S #412 QPS AUSTIN TX', 'TRADER JOES #412 AUSTIN TX'], amount: [34, 98], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Shopping', type: 'expense', name: 'Amazon', raw: ['AMZN Mktp US*{A6} Amzn.com/bill WA', 'Amazon.com*{A6} Amzn.com/bill WA', 'AMAZON MKTPL*{A6} Amzn.com/bill WA'], amount: [8.99, 142], ...every(4) },
  { person: 'us', account: 'card', class: 'chain', category: 'Shopping', type: 'expense', name: 'Target', raw: ['TARGET 00022{N3} CEDAR PARK TX', 'TARGET.COM * 800-591-3869 MN'], amount: [14, 118], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Transport', type: 'expense', name: 'Uber', raw: ['UBER *TRIP HELP.UBER.COM CA', 'UBER   *TRIP {A6} 800-592-8996 CA'], amount: [9, 46], ...every(2) },
  { person: 'us', account: 'card', class: 'chain', category: 'Dining', type: 'expense', name: 'Uber Eats', raw: ['UBER   *EATS {A6} HELP.UBER.COM CA'], amount: [21, 44], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Netflix', raw: ['NETFLIX.COM 866-579-7172 CA'], amount: [15.49, 15.49], ...on(11) },
  { person: 'us', account: 'card', class: 'wrapper', category: 'Subscriptions', type: 'expense', name: 'Spotify', raw: ['PAYPAL *SPOTIFY 4029357733 CA', 'PAYPAL *SPOTIFYUSAI 402-935-7733 CA'], amount: [11.99, 11.99], ...on(4) },
  { person: 'us', account: 'card', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Apple', raw: ['APPLE.COM/BILL 866-712-7753 CA'], amount: [2.99, 2.99], ...on(14) },
  { person: 'us', account: 'card', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Adobe', raw: ['ADOBE  *CREATIVE CLOUD 408-536-6000 CA', 'ADOBE *ADOBE 800-833-6687 CA'], amount: [22.99, 22.99], ...on(19) },
  { person: 'us', account: 'card', class: 'chain', category: 'Utilities', type: 'expense', name: 'T-Mobile', raw: ['T-MOBILE*AUTO PAY 800-937-8997 WA', 'TMOBILE*AUTO PAY 800-937-8997 WA'], amount: [92.18, 92.18], ...on(21) },
  { person: 'us', account: 'card', class: 'chain', category: 'Utilities', type: 'expense', name: 'Spectrum', raw: ['SPECTRUM 855-707-7328 TX', 'CHARTER COMMUNICATIONS 855-707-7328 TX'], amount: [74.99, 74.99], ...on(7) },
  { person: 'us', account: 'card', class: 'chain', category: 'Health', type: 'expense', name: 'CVS Pharmacy', raw: ['CVS/PHARMACY #0{N4} AUSTIN TX', 'CVS/PHARM 0{N4}--3400 N LAMAR AUSTIN TX'], amount: [6.5, 48], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Health', accept: ['Personal Care', 'Entertainment'], type: 'expense', name: 'Planet Fitness', raw: ['PLANET FITNESS 844-880-7180 NH', 'PLNT FITNESS CLUB FEES 844-880-7180 NH'], amount: [24.99, 24.99], ...on(17) },
  { person: 'us', account: 'card', class: 'chain', category: 'Entertainment', type: 'expense', name: 'Alamo Drafthouse', raw: ['ALAMO DRAFTHOUSE LAKELINE CEDAR PARK TX', 'ALAMO DRAFTHOUSE CINEMA AUSTIN TX'], amount: [18, 64], months: [1, 3, 5, 7, 8, 11, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Entertainment', type: 'expense', name: 'Steam', raw: ['STEAMGAMES.COM 4259522985 WA', 'STEAM PURCHASE 425-889-9642 WA'], amount: [4.99, 59.99], months: [2, 6, 11, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Travel', type: 'expense', name: 'Southwest Airlines', raw: ['SOUTHWES 5262{N6} DALLAS TX', 'SOUTHWEST AIRLINES (526) DALLAS TX'], amount: [118, 412], months: [4, 9], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Travel', type: 'expense', name: 'Marriott', raw: ['COURTYARD BY MARRIOTT DENVER CO', 'MARRIOTT DENVER TECH CTR DENVER CO'], amount: [189, 540], months: [4, 9], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Travel', type: 'expense', name: 'Airbnb', raw: ['AIRBNB * HM{A6} 415-800-5959 CA'], amount: [320, 780], months: [7], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Transport', type: 'expense', name: 'Hertz', raw: ['HERTZ RENT-A-CAR DENVER CO'], amount: [210, 210], months: [9], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Personal Care', type: 'expense', name: 'Great Clips', raw: ['GREAT CLIPS #{N4} CEDAR PARK TX'], amount: [19, 26], months: [1, 3, 5, 7, 9, 11], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Shopping', type: 'expense', name: 'Best Buy', raw: ['BEST BUY 00004{N3} AUSTIN TX', 'BESTBUYCOM80{N6} 888-BESTBUY MN'], amount: [29, 349], months: [2, 8, 11], ...every(1) },
  { person: 'us', account: 'card', class: 'chain', category: 'Education', type: 'expense', name: 'Coursera', raw: ['COURSERA.ORG 650-4630-283 CA', 'COURSERA 8009 COURSERA.ORG CA'], amount: [59, 59], months: [1, 2, 3], ...on(10) },
  { person: 'us', account: 'card', class: 'chain', category: 'Insurance', type: 'expense', name: 'GEICO', raw: ['GEICO *AUTO 800-841-3000 DC'], amount: [112.6, 112.6], ...on(26) },
  { person: 'us', account: 'card', class: 'chain', category: 'Transport', type: 'expense', name: 'TxTag', raw: ['TXTAG AUTOCHARGE 888-468-9824 TX', 'TXTAG*AUTOCHARGE AUSTIN TX'], amount: [10, 40], ...on(28) },
  { person: 'us', account: 'card', class: 'local', category: 'Dining', type: 'expense', name: 'Radio Coffee & Beer', raw: ['SQ *RADIO COFFEE & BEER Austin TX', 'SQ *RADIO COFFEE AND BEE Austin TX'], amount: [4.5, 14], ...every(3) },
  { person: 'us', account: 'card', class: 'local', category: 'Dining', type: 'expense', name: 'Veracruz All Natural', raw: ['TST* VERACRUZ ALL NATURAL - Austin TX', 'TST* VERACRUZ ALL NATURA Austin TX'], amount: [8, 24], ...every(2) },
  { person: 'us', account: 'card', class: 'local', category: 'Dining', type: 'expense', name: 'Franklin Barbecue', raw: ['FRANKLIN BARBECUE AUSTIN TX'], amount: [38, 92], months: [5, 10], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Groceries', type: 'expense', name: 'Johnson\'s Backyard Garden', raw: ['SQ *JOHNSON\'S BACKYARD GA Austin TX', 'SQ *JOHNSONS BACKYARD GAR Austin TX'], amount: [22, 45], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Health', type: 'expense', name: 'Hill Country Family Dental', raw: ['HILL COUNTRY FAMILY DENTA CEDAR PARK TX'], amount: [45, 310], months: [1, 7], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Shopping', type: 'expense', name: 'BookPeople', raw: ['BOOKPEOPLE AUSTIN TX', 'BOOKPEOPLE INC AUSTIN TX'], amount: [14, 46], months: [2, 6, 10, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Entertainment', type: 'expense', name: 'Stubb\'s', raw: ['STUBBS BAR-B-Q TICKETS AUSTIN TX', 'FRONT GATE TIX*STUBBS AUSTIN TX'], amount: [35, 120], months: [4, 10], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Personal Care', type: 'expense', name: 'Birds Barbershop', raw: ['BIRDS BARBERSHOP 6 AUSTIN TX'], amount: [32, 32], months: [2, 4, 6, 8, 10, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'local', category: 'Transport', type: 'expense', name: 'Cedar Park Auto Care', raw: ['CEDAR PARK AUTO CARE CEDAR PARK TX'], amount: [89, 640], months: [3, 10], ...every(1) },
  { person: 'us', account: 'card', class: 'wrapper', category: 'Shopping', type: 'expense', name: 'Etsy', raw: ['PAYPAL *ETSY COM 402-935-7733 CA', 'ETSY.COM - LeatherByLuz 718-8557955 NY'], amount: [18, 64], months: [3, 5, 11, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'wrapper', category: 'Subscriptions', type: 'expense', name: 'New York Times', raw: ['PAYPAL *NYTIMES 4029357733 CA', 'NYTIMES*NYTIMES DIGITAL 800-698-4637 NY'], amount: [4, 4], ...on(2) },
  { person: 'us', account: 'card', class: 'wrapper', category: 'Dining', type: 'expense', name: 'Odd Duck', raw: ['TST* ODD DUCK Austin TX'], amount: [64, 128], months: [2, 6, 9, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'wrapper', category: 'Transport', type: 'expense', name: 'ParkMobile', raw: ['PMUSA* PARKMOBILE 877-727-5457 GA', 'PARKMOBILE 1 877-727-5457 GA'], amount: [3.5, 14], ...every(1) },
  { person: 'us', account: 'card', class: 'income', category: 'Refunds', type: 'income', name: 'Amazon', raw: ['AMZN Mktp US*{A6} Amzn.com/bill WA'], amount: [12.99, 64], months: [3, 8, 12], ...every(1) },
  { person: 'us', account: 'card', class: 'income', category: 'Refunds', type: 'income', name: 'Target', raw: ['TARGET 00022{N3} CEDAR PARK TX'], amount: [19.99, 19.99], months: [6], ...every(1) },
  { person: 'us', account: 'card', class: 'transfer', category: TRANSFER, type: 'income', name: null, raw: ['ONLINE PAYMENT, THANK YOU', 'AUTOPAY {N6}RAUTOPAY AUTO-PMT'], amount: [900, 2300], ...on(25), leg: 'us-citi' },
  { person: 'us', account: 'card', class: 'chain', category: 'Fees & Charges', type: 'expense', name: 'Citi', raw: ['FOREIGN TRANSACTION FEE', 'LATE FEE - PAYMENT DUE ON {M}/{D}'], amount: [1.2, 29], months: [5, 9], ...every(1) },
  { person: 'us', account: 'card', class: 'learning', category: 'Gifts & Donations', type: 'expense', name: 'St. Vincent de Paul', raw: ['SVDP AUSTIN DISTRICT COU AUSTIN TX'], amount: [20, 20], ...on(13) },
  { person: 'us', account: 'card', class: 'learning', category: 'Education', type: 'expense', name: 'Code Ninjas', raw: ['CODE NINJAS CEDAR PARK CEDAR PARK TX'], amount: [199, 199], ...on(6) },
  { person: 'us', account: 'card', class: 'learning', category: 'Health', type: 'expense', name: 'Austin Regional Clinic', raw: ['ARC CEDAR PARK 512-4432000 TX', 'AUSTIN REGIONAL CLINIC PA 512-272-4636 TX'], amount: [30, 30], ...every(1) },
  { person: 'us', account: 'card', class: 'learning', category: 'Shopping', type: 'expense', name: 'Chewy', raw: ['CHEWY.COM 800-672-4399 FL'], amount: [41, 88], ...every(1) },

  // ---------------------------------------------------------------------- UK: Tom, Leeds
  // Current account (OFX 2.x): salary by BACS, direct debits, card payments with "ON dd MMM" and CD numbers, faster payments.
  { person: 'uk', account: 'current', class: 'income', category: 'Salary', type: 'income', name: 'Northcote Engineering', raw: ['NORTHCOTE ENGINEERI SALARY BGC'], amount: [2612.4, 2612.4], ...on(27) },
  { person: 'uk', account: 'current', class: 'income', category: 'Gifts Received', type: 'income', name: 'Susan Hale', raw: ['S HALE BIRTHDAY FPI', 'MUM FROM S HALE FPI'], amount: [40, 100], months: [6, 12], ...every(1) },
  { person: 'uk', account: 'current', class: 'income', category: 'Other Income', type: 'income', name: 'HMRC', raw: ['HMRC CHILD BENEFIT BGC'], amount: [102.4, 102.4], months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], ...on(14) },
  { person: 'uk', account: 'current', class: 'income', category: 'Investments', accept: ['Other Income'], type: 'income', name: null, raw: ['INTEREST (GROSS)', 'CREDIT INTEREST'], amount: [1.2, 6.8], ...on(28) },
  { person: 'uk', account: 'current', class: 'income', category: 'Freelance', type: 'income', name: 'Fiverr', raw: ['FIVERR INTL LTD FPI {A10}'], amount: [85, 420], months: [2, 5, 8, 11], ...every(1) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Housing', type: 'expense', name: 'Leeds Building Society', raw: ['LEEDS BUILDING SOC MORTGAGE DDR'], amount: [1045.21, 1045.21], ...on(1) },
  { person: 'uk', account: 'current', class: 'local', category: 'Housing', type: 'expense', name: 'Leeds City Council', raw: ['LEEDS CITY COUNCIL COUNCIL TAX DDR'], amount: [168, 168], months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ...on(1) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Utilities', type: 'expense', name: 'Octopus Energy', raw: ['OCTOPUS ENERGY DDR', 'OCTOPUS ENERGY LTD A-{A6} DDR'], amount: [118, 118], ...on(4) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Utilities', type: 'expense', name: 'Yorkshire Water', raw: ['YORKSHIRE WATER DDR'], amount: [41.5, 41.5], ...on(6) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Utilities', type: 'expense', name: 'BT', raw: ['BT GROUP PLC DDR'], amount: [44.99, 44.99], ...on(10) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Utilities', type: 'expense', name: 'Vodafone', raw: ['VODAFONE LTD DDR'], amount: [22, 22], ...on(15) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Insurance', type: 'expense', name: 'Aviva', raw: ['AVIVA INSURANCE LTD DDR'], amount: [36.8, 36.8], ...on(9) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Utilities', accept: ['Entertainment', 'Subscriptions'], type: 'expense', name: 'TV Licence', raw: ['TV LICENCE MBP DDR'], amount: [14.5, 14.5], ...on(3) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Health', accept: ['Personal Care', 'Entertainment'], type: 'expense', name: 'PureGym', raw: ['PUREGYM DDR', 'PURE GYM LTD DDR'], amount: [24.99, 24.99], ...on(2) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Groceries', type: 'expense', name: 'Tesco', raw: ['TESCO STORES 3412 ON {D} {MON} CD 4471', 'TESCO STORES 6571 LEEDS ON {D} {MON} CD 4471', 'TESCO PFS 3412 ON {D} {MON} CD 4471'], amount: [12, 96], ...every(4) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Groceries', type: 'expense', name: 'Sainsbury\'s', raw: ['SAINSBURYS S/MKTS ON {D} {MON} CD 4471', 'J SAINSBURY PLC ON {D} {MON} CD 4471'], amount: [18, 74], ...every(2) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Groceries', type: 'expense', name: 'Aldi', raw: ['ALDI 74 773 ON {D} {MON} CD 4471', 'ALDI STORES ON {D} {MON} CD 4471'], amount: [16, 58], ...every(2) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Dining', type: 'expense', name: 'Greggs', raw: ['GREGGS PLC ON {D} {MON} CD 4471', 'GREGGS {N4} LEEDS ON {D} {MON} CD 4471'], amount: [2.6, 8.4], ...every(3) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Transport', type: 'expense', name: 'Northern Trains', raw: ['NORTHERN TRAINS ON {D} {MON} CD 4471', 'NORTHERN TRAINS LTD ON {D} {MON} CD 4471'], amount: [6.8, 24.5], ...every(3) },
  { person: 'uk', account: 'current', class: 'wrapper', category: 'Housing', type: 'expense', name: 'Jan Kowalski', raw: ['J KOWALSKI WINDOW CLEAN FPO', 'J KOWALSKI FPO'], amount: [15, 15], ...on(12) },
  { person: 'uk', account: 'current', class: 'transfer', category: TRANSFER, type: 'expense', name: null, raw: ['AMERICAN EXPRESS DDR', 'AMEX PAYMENT DDR'], amount: [380, 1150], ...on(20), leg: 'uk-amex' },
  { person: 'uk', account: 'current', class: 'transfer', category: TRANSFER, type: 'expense', name: null, raw: ['T HALE SAVINGS TFR {N6} TFR', 'TO A/C 40123456 SAVER TFR'], amount: [200, 200], ...on(28) },
  { person: 'uk', account: 'current', class: 'chain', category: 'Fees & Charges', type: 'expense', name: 'Barclays', raw: ['UNARRANGED OD FEE', 'NON-STERLING TRANSACTION FEE'], amount: [2.99, 15], months: [3, 8], ...every(1) },
  { person: 'uk', account: 'current', class: 'local', category: 'Dining', type: 'expense', name: 'La Bottega Milanese', raw: ['LA BOTTEGA MILANESE ON {D} {MON} CD 4471', 'SUMUP *LA BOTTEGA MIL ON {D} {MON} CD 4471'], amount: [3.1, 9.8], ...every(3) },
  { person: 'uk', account: 'current', class: 'local', category: 'Groceries', type: 'expense', name: 'Kirkgate Market', raw: ['SUMUP *KIRKGATE FRUIT ON {D} {MON} CD 4471', 'ZETTLE_*KIRKGATE BUTCH ON {D} {MON} CD 4471'], amount: [6, 28], ...every(2) },
  { person: 'uk', account: 'current', class: 'local', category: 'Dining', type: 'expense', name: 'The Adelphi', raw: ['THE ADELPHI LEEDS ON {D} {MON} CD 4471', 'ADELPHI LEEDS LTD ON {D} {MON} CD 4471'], amount: [11, 46], ...every(2) },
  { person: 'uk', account: 'current', class: 'local', category: 'Personal Care', type: 'expense', name: 'Headingley Barbers', raw: ['HEADINGLEY BARBERS ON {D} {MON} CD 4471'], amount: [16, 16], months: [1, 3, 4, 6, 8, 9, 11], ...every(1) },
  { person: 'uk', account: 'current', class: 'local', category: 'Health', type: 'expense', name: 'Chapel Allerton Dental', raw: ['CHAPEL ALLERTON DENTAL ON {D} {MON} CD 4471'], amount: [26.8, 73], months: [2, 8], ...every(1) },
  { person: 'uk', account: 'current', class: 'learning', category: 'Education', type: 'expense', name: 'Little Acorns Nursery', raw: ['LITTLE ACORNS NURSERY DDR'], amount: [642, 642], ...on(5) },
  { person: 'uk', account: 'current', class: 'learning', category: 'Entertainment', type: 'expense', name: 'Headingley Cricket Club', raw: ['HEADINGLEY CC SUBS FPO', 'HEADINGLEY CC FPO'], amount: [12, 12], ...on(8) },
  { person: 'uk', account: 'current', class: 'learning', category: 'Gifts & Donations', type: 'expense', name: 'St Chad\'s Church', raw: ['ST CHADS PCC DDR'], amount: [20, 20], ...on(11) },
  { person: 'uk', account: 'current', class: 'learning', category: 'Housing', type: 'expense', name: 'Dales Property Services', raw: ['DALES PROPERTY SERV ON {D} {MON} CD 4471', 'DALES PROP SERV FPO'], amount: [25, 95], ...every(1) },
  // Amex UK (CSV, purchases positive): chains, online, travel, refunds, payment received.
  { person: 'uk', account: 'amex', class: 'chain', category: 'Dining', type: 'expense', name: 'Pret A Manger', raw: ['PRET A MANGER LEEDS', 'PRET A MANGER LONDON'], amount: [3.4, 11.9], ...every(3) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Dining', type: 'expense', name: 'Costa Coffee', raw: ['COSTA COFFEE 43012 LEEDS', 'COSTA COFFEE WAKEFIELD'], amount: [2.95, 8.7], ...every(3) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Dining', type: 'expense', name: 'Deliveroo', raw: ['DELIVEROO LONDON', 'DELIVEROO.CO.UK LONDON'], amount: [18, 42], ...every(2) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Dining', type: 'expense', name: 'Nando\'s', raw: ['NANDOS LEEDS WHITE ROSE LEEDS', 'NANDOS 0{N3} LEEDS'], amount: [22, 56], months: [1, 3, 4, 6, 7, 9, 10, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Groceries', type: 'expense', name: 'Ocado', raw: ['OCADO RETAIL LTD HATFIELD', 'WWW.OCADO.COM HATFIELD'], amount: [62, 148], ...every(2) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Groceries', type: 'expense', name: 'Marks & Spencer', raw: ['M&S SIMPLY FOOD LEEDS', 'MARKS & SPENCER PLC LEEDS'], amount: [8, 46], ...every(2) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Shopping', type: 'expense', name: 'Amazon', raw: ['AMAZON.CO.UK*{A6} AMAZON.CO.UK', 'AMZNMKTPLACE AMAZON.CO.UK', 'AMAZON.CO.UK MARKETPLACE LUXEMBOURG'], amount: [6.99, 89], ...every(3) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Shopping', type: 'expense', name: 'John Lewis', raw: ['JOHN LEWIS LEEDS', 'JOHNLEWIS.COM LONDON'], amount: [24, 210], months: [3, 9, 11, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Health', accept: ['Personal Care', 'Shopping'], type: 'expense', name: 'Boots', raw: ['BOOTS 1102 LEEDS', 'BOOTS.COM NOTTINGHAM'], amount: [4, 32], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Transport', type: 'expense', name: 'Uber', raw: ['UBER *TRIP HELP.UBER.COM', 'UBER* TRIP LEEDS'], amount: [7.5, 23], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Transport', type: 'expense', name: 'Transport for London', raw: ['TFL TRAVEL CH TFL.GOV.UK/CP', 'TFL.GOV.UK/CP TFL TRAVEL CH'], amount: [2.8, 8.5], months: [4, 10], ...every(2) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Transport', type: 'expense', name: 'Shell', raw: ['SHELL HEADINGLEY LEEDS', 'SHELL KIRKSTALL LEEDS'], amount: [48, 72], ...every(2) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Travel', type: 'expense', name: 'LNER', raw: ['LNER TICKETS YORK', 'LNER.CO.UK YORK'], amount: [34, 112], months: [4, 10, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Travel', type: 'expense', name: 'easyJet', raw: ['EASYJET 000E{A6} LUTON', 'EASYJET LUTON'], amount: [64, 280], months: [5, 8], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Travel', type: 'expense', name: 'Premier Inn', raw: ['PREMIER INN LONDON COUNTY HALL', 'PREMIER INN 44{N4} LONDON'], amount: [89, 186], months: [4, 10], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Netflix', raw: ['NETFLIX.COM AMSTERDAM'], amount: [10.99, 10.99], ...on(16) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Spotify', raw: ['SPOTIFY P1F{A6} LONDON', 'SPOTIFY LONDON'], amount: [11.99, 11.99], ...on(19) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Disney+', raw: ['DISNEYPLUS LONDON', 'DISNEY PLUS HAMMERSMITH'], amount: [8.99, 8.99], ...on(22) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Subscriptions', type: 'expense', name: 'Microsoft', raw: ['MSFT * E0400{A6} MSBILL.INFO', 'MICROSOFT*MICROSOFT 365 P MSBILL.INFO'], amount: [5.99, 5.99], ...on(23) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Entertainment', type: 'expense', name: 'Vue Cinemas', raw: ['VUE BSL LTD LEEDS', 'VUE CINEMAS LEEDS KIRKSTALL'], amount: [9.99, 28], months: [2, 5, 8, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'chain', category: 'Entertainment', type: 'expense', name: 'Ticketmaster', raw: ['TICKETMASTER UK LONDON', 'TM *TICKETMASTER UK 0333 321 9999'], amount: [38, 96], months: [3, 9], ...every(1) },
  { person: 'uk', account: 'amex', class: 'wrapper', category: 'Dining', type: 'expense', name: 'Just Eat', raw: ['JUST EAT.CO.UK LTD LONDON', 'PAYPAL *JUSTEAT 35314369001'], amount: [16, 34], ...every(1) },
  { person: 'uk', account: 'amex', class: 'wrapper', category: 'Shopping', type: 'expense', name: 'eBay', raw: ['PAYPAL *EBAY 35314369001', 'PAYPAL *EBAYCOUK 35314369001'], amount: [6, 74], months: [1, 4, 7, 10, 11], ...every(1) },
  { person: 'uk', account: 'amex', class: 'wrapper', category: 'Gifts & Donations', type: 'expense', name: 'British Heart Foundation', raw: ['PAYPAL *BHF 35314369001', 'JUSTGIVING*BHF LONDON'], amount: [10, 30], months: [2, 6, 11], ...every(1) },
  { person: 'uk', account: 'amex', class: 'wrapper', category: 'Subscriptions', type: 'expense', name: 'Audible', raw: ['AUDIBLE UK ADBL.CO/PYMT', 'PAYPAL *AUDIBLEUK 35314369001'], amount: [7.99, 7.99], ...on(12) },
  { person: 'uk', account: 'amex', class: 'local', category: 'Dining', type: 'expense', name: 'Laynes Espresso', raw: ['SUMUP *LAYNES ESPRESSO LEEDS', 'LAYNES ESPRESSO LEEDS'], amount: [3.2, 12.5], ...every(2) },
  { person: 'uk', account: 'amex', class: 'local', category: 'Dining', type: 'expense', name: 'Bundobust', raw: ['BUNDOBUST LEEDS', 'ZETTLE_*BUNDOBUST LEEDS'], amount: [24, 58], months: [1, 2, 4, 5, 7, 9, 10, 11, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'local', category: 'Shopping', type: 'expense', name: 'Village Bookshop', raw: ['THE VILLAGE BOOKSHOP LEEDS', 'SQ *THE VILLAGE BOOKSHO LEEDS'], amount: [8, 36], months: [3, 7, 11, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'local', category: 'Entertainment', type: 'expense', name: 'Hyde Park Picture House', raw: ['HYDE PARK PICTURE HOUSE LEEDS'], amount: [9.5, 19], months: [1, 3, 6, 9, 11], ...every(1) },
  { person: 'uk', account: 'amex', class: 'local', category: 'Health', type: 'expense', name: 'Meanwood Physio', raw: ['MEANWOOD PHYSIO CLINIC LEEDS'], amount: [48, 48], months: [5, 6, 7], ...every(1) },
  { person: 'uk', account: 'amex', class: 'income', category: 'Refunds', type: 'income', name: 'Amazon', raw: ['AMAZON.CO.UK MARKETPLACE LUXEMBOURG', 'AMAZON.CO.UK*{A6} AMAZON.CO.UK'], amount: [9.99, 45], months: [2, 7, 12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'income', category: 'Refunds', type: 'income', name: 'John Lewis', raw: ['JOHNLEWIS.COM LONDON'], amount: [39, 39], months: [12], ...every(1) },
  { person: 'uk', account: 'amex', class: 'transfer', category: TRANSFER, type: 'income', name: null, raw: ['PAYMENT RECEIVED - THANK YOU'], amount: [380, 1150], ...on(21), leg: 'uk-amex' },
  { person: 'uk', account: 'amex', class: 'learning', category: 'Education', type: 'expense', name: 'Leeds Music Tuition', raw: ['LEEDS MUSIC TUITION LEEDS'], amount: [90, 90], ...on(3) },
  { person: 'uk', account: 'amex', class: 'learning', category: 'Personal Care', type: 'expense', name: 'Glow Beauty Rooms', raw: ['SQ *GLOW BEAUTY ROOMS LEEDS', 'GLOW BEAUTY ROOMS LEEDS'], amount: [35, 60], ...every(1) },
  { person: 'uk', account: 'amex', class: 'learning', category: 'Shopping', type: 'expense', name: 'Pets at Home', raw: ['PETS AT HOME LEEDS', 'PETSATHOME.COM HANDFORTH'], amount: [12, 46], ...every(1) },
];
