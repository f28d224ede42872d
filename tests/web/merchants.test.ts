import { describe, expect, it } from 'vitest';
import { MERCHANT_KINDS, type MerchantKind } from '../../src/contract/merchants';
import { dictionaryAliases, normalizeMerchant } from '../../src/server/services/merchants';

type Case = readonly [raw: string, name: string, kind: MerchantKind | null];

const expectMerchant = ([raw, name, kind]: Case) => {
  const match = normalizeMerchant(raw);
  expect({ name: match.name, kind: match.kind }, raw).toEqual({ name, kind });
  expect(match.confidence).toBeGreaterThanOrEqual(0);
  expect(match.confidence).toBeLessThanOrEqual(1);
  return match;
};

describe('a known merchant gets its everyday name and kind, whatever the bank wrapped around it', () => {
  const cases: Case[] = [
    ['SQ *BLUE BOTTLE 0341', 'Blue Bottle Coffee', 'coffee_shop'],
    ['POS PURCHASE SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Blue Bottle Coffee', 'coffee_shop'],
    ['STARBUCKS STORE 08841', 'Starbucks', 'coffee_shop'],
    ['PURCHASE AUTHORIZED ON 11/26 STARBUCKS STORE 1234 SEATTLE WA S123456789 CARD 1234', 'Starbucks', 'coffee_shop'],
    ['DUNKIN #349856 Q35', "Dunkin'", 'coffee_shop'],
    ['IZ *CAFE NERO', 'Caffè Nero', 'coffee_shop'],
    ["DEBIT CARD PURCHASE XXXX1234 MCDONALD'S F12345 CHICAGO IL", "McDonald's", 'fast_food'],
    ['MCDONALD S F12345', "McDonald's", 'fast_food'],
    ['CHICK-FIL-A #01234', 'Chick-fil-A', 'fast_food'],
    ['TST* CHIPOTLE 1234', 'Chipotle', 'fast_food'],
    ['AMZN Mktp US*2K4AB1CD2', 'Amazon', 'marketplace'],
    ['Amazon.com*MK1AB2 Amzn.com/bill WA', 'Amazon', 'marketplace'],
    ['AMAZON.CO.UK*AB12', 'Amazon', 'marketplace'],
    ['AMAZON PRIME*2K4XX', 'Amazon Prime', 'streaming'],
    ['PRIME VIDEO*2K4', 'Prime Video', 'streaming'],
    ['UBER   *TRIP', 'Uber', 'rideshare'],
    ['UBER   *EATS', 'Uber Eats', 'food_delivery'],
    ['UBER *EATS PENDING', 'Uber Eats', 'food_delivery'],
    ['Trip help.uber.com', 'Uber', 'rideshare'],
    ['Eats help.uber.com', 'Uber Eats', 'food_delivery'],
    ['PAYPAL *UBER EATS', 'Uber Eats', 'food_delivery'],
    ['WWW.NETFLIX.COM', 'Netflix', 'streaming'],
    ['LYFT   *RIDE SUN 4PM', 'Lyft', 'rideshare'],
    ['DOORDASH*CHIPOTLE', 'DoorDash', 'food_delivery'],
    ['CKO*DELIVEROO', 'Deliveroo', 'food_delivery'],
    ["TRADER JOE'S #552 QPS", "Trader Joe's", 'groceries'],
    ['TRADER JOE S #552 SAN FRANCISCO CA', "Trader Joe's", 'groceries'],
    ['WHOLEFDS MKT 10234', 'Whole Foods', 'groceries'],
    ['TESCO STORES 3217 LONDON GB', 'Tesco', 'groceries'],
    ["SAINSBURY'S S/MKTS", "Sainsbury's", 'groceries'],
    ['LIDL GB LONDON', 'Lidl', 'groceries'],
    ['ALDI 12345', 'Aldi', 'groceries'],
    ['INSTACART*SUBSCRIPTION', 'Instacart', 'groceries'],
    ['TFL TRAVEL CH', 'TfL', 'public_transit'],
    ['GOOGLE *YouTube TV', 'YouTube TV', 'streaming'],
    ['REWE SAGT DANKE 1234', 'Rewe', 'groceries'],
    ['SEPA-Lastschrift von NETFLIX INTERNATIONAL B.V.', 'Netflix', 'streaming'],
    ['PRLV SEPA EDF', 'EDF Energy', 'electricity'],
    ['BEA   Albert Heijn 1234 AMSTERDAM', 'Albert Heijn', 'groceries'],
    ['CB CARREFOUR 26/11', 'Carrefour', 'groceries'],
    ['CHECKCARD 1126 STARBUCKS STORE 1234 SEATTLE WA 24431066330', 'Starbucks', 'coffee_shop'],
    ['RECURRING PAYMENT AUTHORIZED ON 11/01 NETFLIX.COM NETFLIX.COM CA S123 CARD 1234', 'Netflix', 'streaming'],
    ['7-ELEVEN 34567', '7-Eleven', 'convenience_store'],
    ['SHELL OIL 57444212 HOUSTON TX', 'Shell', 'fuel'],
    ['BP#1234567CIRCLE', 'BP', 'fuel'],
    ['COSTCO GAS #0123', 'Costco', 'fuel'],
    ['KROGER FUEL #123', 'Kroger', 'fuel'],
    ['TESCO PFS 1234', 'Tesco', 'fuel'],
    ['SPEEDWAY 01234', 'Speedway', 'fuel'],
    ['COSTCO WHSE #0123', 'Costco', 'groceries'],
    ['NETFLIX.COM LOS GATOS CA', 'Netflix', 'streaming'],
    ['NETFLIXCOM', 'Netflix', 'streaming'],
    ['PAYPAL *NETFLIX', 'Netflix', 'streaming'],
    ['PAYPAL NETFLIX 1234', 'Netflix', 'streaming'],
    ['SPOTIFY USA', 'Spotify', 'music'],
    ['T-MOBILE*AUTO PAY', 'T-Mobile', 'phone'],
    ['ATT*BILL PAYMENT', 'AT&T', 'phone'],
    ['O2 MOBILE', 'O2', 'phone'],
    ['PGANDE WEB ONLINE', 'PG&E', 'electricity'],
    ['PG&E/EZ-PAY 1234', 'PG&E', 'electricity'],
    ['DIRECT DEBIT BRITISH GAS', 'British Gas', 'gas_utility'],
    ['THAMES WATER', 'Thames Water', 'water'],
    ['COMCAST CABLE COMM', 'Comcast', 'internet'],
    ['APPLE.COM/BILL 866-712-7753 CA', 'Apple', 'software'],
    ['GOOGLE *Google One', 'Google', 'software'],
    ['GOOGLE *YOUTUBEPREMIUM', 'YouTube', 'streaming'],
    ['APL*ITUNES.COM/BILL', 'Apple', 'software'],
    ['UBR* PENDING.UBER.COM', 'Uber', 'rideshare'],
    ['IC* COSTCO BY INSTACAR', 'Instacart', 'groceries'],
    ['MSFT *XBOX GAME PASS', 'Xbox', 'gaming'],
    ['STEAMGAMES.COM 4259522985', 'Steam', 'gaming'],
    ['DELTA AIR 0062345678901', 'Delta', 'airline'],
    ['AMERICAN AIR0011234567890', 'American Airlines', 'airline'],
    ['HAMPTON INN', 'Hampton Inn', 'lodging'],
    ['HBO MAX HELP.HBOMAX.COM', 'HBO Max', 'streaming'],
    ['VZ WIRELESS VE', 'Verizon', 'phone'],
    ['AIRBNB * HMABC123', 'Airbnb', 'lodging'],
    ['BOOKING.COM', 'Booking.com', 'travel_booking'],
    ['CVS/PHARMACY #01234', 'CVS', 'pharmacy'],
    ['BOOTS 1234', 'Boots', 'pharmacy'],
    ['PLANET FITNESS', 'Planet Fitness', 'fitness'],
    ['HOME DEPOT #6543', 'Home Depot', 'home_improvement'],
    ['TARGET T-1234 MINNEAPOLIS MN', 'Target', 'department_store'],
    ['IRS USATAXPYMT', 'IRS', 'tax'],
    ['ROCKET MORTGAGE', 'Rocket Mortgage', 'mortgage'],
    ['NAVIENT', 'Navient', 'loan_payment'],
  ];
  it.each(cases)('%s → %s (%s)', (...item) => {
    expect(expectMerchant(item).source).toBe('dictionary');
  });
});

describe('transfers give the counterparty as the name; a landlord makes them rent', () => {
  const cases: Case[] = [
    ['ZELLE PAYMENT TO JOHN SMITH JPM99ABC123', 'John Smith', 'transfer'],
    ['Zelle payment to Mike Jones Conf# abc123', 'Mike Jones', 'transfer'],
    ['ZELLE PAYMENT FROM JANE DOE', 'Jane Doe', 'transfer'],
    ['ZELLE PAYMENT TO OAKRIDGE PROPERTY MGMT', 'Oakridge Property Mgmt', 'rent'],
    ['ZELLE PAYMENT TO JOHN SMITH RENT', 'John Smith', 'rent'],
    ['FASTER PAYMENT TO J BLOGGS REF RENT', 'J Bloggs', 'rent'],
    ['STANDING ORDER TO OAKRIDGE LETTINGS', 'Oakridge Lettings', 'rent'],
    ['FASTER PAYMENT TO ANNA KOWALSKI REF DINNER', 'Anna Kowalski', 'transfer'],
    ['SEPA CREDIT TRANSFER TO MARIE DUPONT', 'Marie Dupont', 'transfer'],
    ['TRANSFER TO SAVINGS', 'Savings', 'transfer'],
    ['ONLINE TRANSFER TO CHK ...1234 TRANSACTION#: 123456', 'Checking', 'transfer'],
    ['CASH APP*JOHN SMITH', 'John Smith', 'transfer'],
    ['VENMO PAYMENT 1023456789 WEB ID: 3264681992', 'Venmo', 'transfer'],
    ['EXTERNAL WITHDRAWAL VENMO - PAYMENT', 'Venmo', 'transfer'],
    ['VIR SEPA M DUPONT', 'M Dupont', 'transfer'],
    ['J SMITH FP 01/03/26 1034 RP4675', 'J Smith', 'transfer'],
    ['OAKRIDGE LETTINGS SO 01 MAR', 'Oakridge Lettings', 'rent'],
    ['SEPA Überweisung an Max Mustermann', 'Max Mustermann', 'transfer'],
    ['INTERAC E-TRANSFER TO BOB', 'Bob', 'transfer'],
    ['ZELLE TRANSFER CONF# ABC123; SMITH JOHN', 'Smith John', 'transfer'],
    ['RENT PAYMENT JOHN SMITH', 'John Smith', 'rent'],
  ];
  it.each(cases)('%s → %s (%s)', (...item) => {
    expect(expectMerchant(item).source).toBe('pattern');
  });

  it('a bank transfer to a known company is that company', () => {
    expectMerchant(['FASTER PAYMENT TO BRITISH GAS', 'British Gas', 'gas_utility']);
  });

  it('a person who shares a word with a brand stays a person', () => {
    expectMerchant(['VENMO *JOHN SMITH', 'John Smith', 'transfer']);
    expectMerchant(['ZELLE PAYMENT TO ROSS GELLER', 'Ross Geller', 'transfer']);
  });
});

describe('pay, cash and bank charges are told by their wording', () => {
  const cases: Case[] = [
    ['ACME CORP DES:PAYROLL ID:XXXXX INDN:JOHN DOE CO ID:XXXXX PPD', 'Acme Corp', 'payroll'],
    ['DIRECT DEP GUSTO', 'Gusto', 'payroll'],
    ['ATM WITHDRAWAL 7-ELEVEN 1234', 'ATM', 'atm'],
    ['MONTHLY SERVICE FEE', 'Monthly Service Fee', 'bank_fee'],
    ['OVERDRAFT FEE', 'Overdraft Fee', 'bank_fee'],
    ['NON-CHASE ATM FEE', 'Chase ATM Fee', 'bank_fee'],
    ['PAYMENT THANK YOU', 'Credit Card Payment', 'transfer'],
  ];
  it.each(cases)('%s → %s (%s)', (...item) => {
    expectMerchant(item);
  });
});

describe('an unknown merchant is cleaned, and its words tell the kind when they can', () => {
  const cases: Case[] = [
    ['TST* JOES PIZZA BROOKLYN NY', 'Joes Pizza', 'fast_food'],
    ['ROSE CITY COFFEE ROASTERS PORTLAND OR', 'Rose City Coffee Roasters', 'coffee_shop'],
    ['ELM STREET PHARMACY', 'Elm Street Pharmacy', 'pharmacy'],
    ['CITY OF SEATTLE WATER DEPT', 'City of Seattle Water Dept', 'water'],
    ['SPRINGFIELD GAS & ELECTRIC', 'Springfield Gas & Electric', 'electricity'],
    ['SPRINGFIELD GAS CO', 'Springfield Gas', 'gas_utility'],
    ['QUICK GAS #12 TULSA OK', 'Quick Gas', 'fuel'],
    ['MARIOS TRATTORIA PAWTUCKET RI', 'Marios Trattoria', 'restaurant'],
    ['BLUE MOON CAFE RI', 'Blue Moon Cafe', 'coffee_shop'],
    ['JOES SO GOOD BAKERY', 'Joes So Good Bakery', 'coffee_shop'],
    ['LITTLE SPROUTS DAYCARE', 'Little Sprouts Daycare', 'childcare'],
    ['SPRINGFIELD ELEMENTARY PTA', 'Springfield Elementary PTA', 'education'],
    ['SUMUP *JOHNS BARBER SHOP', 'Johns Barber Shop', 'personal_care'],
    ['BIG APPLE DELI NEW YORK NY', 'Big Apple Deli', 'fast_food'],
    ['HARBORVIEW HOTEL & SUITES', 'Harborview Hotel & Suites', 'lodging'],
    ['SUNSET DENTAL CARE 555-1234', 'Sunset Dental Care', 'health'],
    ['DR JOHN SMITH DDS', 'Dr John Smith DDS', 'health'],
    ['WOODYS BAR & GRILL', 'Woodys Bar & Grill', 'restaurant'],
    ['TST* THE SMITH - NOMAD', 'The Smith Nomad', 'restaurant'],
    ['CAFÉ DE FLORE PARIS', 'Café de Flore', 'coffee_shop'],
    ['Apotheke am Markt', 'Apotheke am Markt', 'pharmacy'],
    ['JOE\'S COFFEE BAR', "Joe's Coffee Bar", 'coffee_shop'],
    ['OAKRIDGE PROPERTY MGMT WEB PMT', 'Oakridge Property Mgmt', 'rent'],
    ['OAKWOOD APARTMENTS ONLINE PMT', 'Oakwood Apartments', 'rent'],
  ];
  it.each(cases)('%s → %s (%s)', (...item) => {
    expect(expectMerchant(item).source).toBe('pattern');
  });

  it('a long description is cut to a name', () => {
    expect(normalizeMerchant('ZZYZX ALPHA BRAVO CHARLIE DELTA ECHO FOXTROT GOLF').name.split(' ')).toHaveLength(6);
  });

  const unknown: Case[] = [
    ['SOME RANDOM SHOP LLC', 'Some Random Shop', null],
    ['SQ *ZZYZX 0042', 'Zzyzx', null],
    ['PAYPAL *', 'PayPal', null],
  ];
  it.each(unknown)('%s → %s, kind unknown', (...item) => {
    const match = expectMerchant(item);
    expect(match.confidence).toBeLessThan(0.6);
  });
});

describe('a top-up is of whatever the row names: a transit card or pass is transport, nothing else a phone', () => {
  const cases: [raw: string, kind: MerchantKind][] = [
    ['Bus pass top-up', 'public_transit'],
    ['TOP UP BUS PASS', 'public_transit'],
    ['Transit card top up', 'public_transit'],
    ['Rail pass top-up', 'public_transit'],
    ['OYSTER AUTO TOP-UP', 'public_transit'],
    ['Oyster top up', 'public_transit'],
    ['CLIPPER CARD TOP UP', 'public_transit'],
    ['PAYMENT CLIPPER TOPUP', 'public_transit'],
    ['Opal top up', 'public_transit'],
    ['Mobile top-up', 'phone'],
    ['AIRTIME TOP UP', 'phone'],
    ['TOP UP', 'phone'],
    ['LEBARA TOPUP', 'phone'],
    ['POS PURCHASE EE TOP UP', 'phone'],
    ['Starbucks card top up', 'coffee_shop'],
  ];
  it.each(cases)('%s → %s', (raw, kind) => {
    expect(normalizeMerchant(raw).kind, raw).toBe(kind);
  });
  it('an oyster bar is still a restaurant', () => {
    expect(normalizeMerchant('OYSTER BAR').kind).toBe('restaurant');
  });
});

describe('a known name with no kind keeps its spelling and says it has no kind', () => {
  const cases: Case[] = [
    ['UPS STORE 1234', 'UPS', null],
    ['USPS PO 1234567', 'USPS', null],
    ["O'REILLY AUTO 1234", "O'Reilly Auto Parts", null],
    ['FEDEX OFFICE 1234', 'FedEx', null],
    ['PAYPAL (EUROPE) S.A R.L. 1234', 'PayPal', null],
  ];
  it.each(cases)('%s → %s', (...item) => {
    expect(expectMerchant(item).source).toBe('dictionary');
  });
});

describe('the dictionary', () => {
  const aliases = dictionaryAliases();

  it('holds several hundred merchants of every common kind', () => {
    const merchants = new Set(aliases.map((alias) => `${alias.kind}:${alias.name}`));
    expect(merchants.size).toBeGreaterThan(600);
    const kinds = new Set(aliases.map((alias) => alias.kind));
    for (const kind of MERCHANT_KINDS.filter((kind) => !['bank_fee', 'atm', 'payroll'].includes(kind))) expect(kinds, kind).toContain(kind);
  });

  it('gives no alias to two merchants', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const alias of aliases) {
      const owner = owners.get(alias.alias);
      if (owner && owner !== alias.name) clashes.push(`${alias.alias}: ${owner} / ${alias.name}`);
      owners.set(alias.alias, alias.name);
    }
    expect(clashes).toEqual([]);
  });

  it('finds every alias written alone', () => {
    const missed = aliases.filter((alias) => normalizeMerchant(alias.alias).name !== alias.name).map((alias) => alias.alias);
    expect(missed).toEqual([]);
  });
});
