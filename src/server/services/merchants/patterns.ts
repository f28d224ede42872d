import type { MerchantKind } from '../../../contract/merchants';

/**
 * The noise banks and card processors put around a merchant's name, and the wording of transfers and pay. Word
 * lists are upper-case keys (see `text.ts`); phrases are space-separated keys.
 */

/**
 * Card processors and payment facilitators that write `CODE *MERCHANT` (Square, Toast, Shopify, PayPal, Checkout.com,
 * iZettle, SumUp, …): the code and the star go, the merchant stays. A brand before a star ("UBER *TRIP") stays.
 */
export const PROCESSOR_PREFIXES = new Set([
  'SQ', 'SQU', 'SQUARE', 'TST', 'TOAST', 'SP', 'PP', 'PAYPAL', 'CKO', 'IZ', 'IZETTLE', 'ZETTLE', 'SUMUP', 'PY', 'PAR',
  'BT', 'WPY', 'FS', 'DNH', 'PADDLE', 'PADDLE NET', 'EB', 'LS', 'CLV', 'GRT', 'CLOVER', 'PAYPAL INC', 'STRIPE',
  'MOLLIE', 'ADYEN', 'WORLDPAY', 'AUTHNET', 'SQ INC', 'SQUAREUP', 'ZTL', 'SMP', 'SPOTON', 'HEARTLAND', 'POS',
  'APLPAY', 'APPLEPAY', 'GPAY', 'DD', 'IN', 'MERCH',
]);

/** Processors whose name is also the payee when nothing follows the star ("PAYPAL *" alone is PayPal). */
export const PROCESSOR_NAMES: Record<string, string> = { PAYPAL: 'PayPal', PP: 'PayPal', 'PAYPAL INC': 'PayPal', SQ: 'Square', SQUARE: 'Square', SUMUP: 'SumUp', IZ: 'Zettle', IZETTLE: 'Zettle', ZETTLE: 'Zettle' };

/** Processors that serve one kind of business: Toast's terminals are in restaurants. A hint for unknown merchants. */
export const PROCESSOR_KINDS: Record<string, MerchantKind> = { TST: 'restaurant', TOAST: 'restaurant' };

/** Words in front of the merchant that say how the card was used, not where. */
export const LEADING_NOISE = new Set([
  'POS', 'PURCHASE', 'PURCH', 'PUR', 'DEBIT', 'DBT', 'CARD', 'CRD', 'CHECKCARD', 'CHKCARD', 'VISA', 'VSA', 'MASTERCARD',
  'CONTACTLESS', 'APLPAY', 'APPLEPAY', 'GPAY', 'RECURRING', 'RECUR', 'PREAUTHORIZED', 'PREAUTH', 'AUTHORIZED', 'AUTH',
  'ON', 'WITH', 'DDA', 'ACH', 'INTL', 'EFTPOS', 'DD', 'TRANSACTION', 'TXN', 'WITHDRAWAL', 'WD', 'NON', 'PIN', 'SIGNATURE', 'SIG',
  'PAYMENT', 'PMT', 'BILL', 'BILLPAY', 'PAY', 'ONLINE', 'WEB', 'MOBILE', 'ELECTRONIC', 'EPOS', 'PAID', 'TO', 'AT', 'SEPA',
  'LASTSCHRIFT', 'PRELEVEMENT', 'INCASSO', 'KARTENZAHLUNG', 'GIROCARD', 'MAESTRO', 'VPAY', 'CB', 'PAIEMENT',
  'APPLE PAY', 'GOOGLE PAY', 'SAMSUNG PAY', 'CLOVER', 'XX', 'XXXX', 'WWW', 'HTTP', 'HTTPS',
]);

/** Phrases that never start a merchant's name; their words, taken one at a time, could ("DIRECT DEP", "BILL PAY"). */
export const LEADING_NOISE_PHRASES = [
  'APPLE PAY', 'GOOGLE PAY', 'SAMSUNG PAY', 'DIRECT DEBIT', 'SEPA DIRECT DEBIT', 'SEPA DD', 'SEPA LASTSCHRIFT VON',
  'SEPA LASTSCHRIFT', 'LASTSCHRIFT VON', 'PRLV SEPA', 'PRLV', 'SEPA INCASSO', 'SEPA INCASSO ALGEMEEN DOORLOPEND', 'BEA',
  'BETAALAUTOMAAT', 'PAIEMENT CB', 'PAIEMENT PAR CARTE', 'CARTE', 'EXTERNAL WITHDRAWAL', 'EXTERNAL DEBIT',
];

/** Where the description of an ACH entry or a card terminal's details begin: the name has ended. */
export const NAME_STOPS = new Set([
  'DES', 'DESCR', 'INDN', 'PPD', 'CCD', 'WEB', 'REF', 'REFERENCE', 'CONF', 'CONFIRMATION', 'TRACE', 'AUTH', 'AUTHCODE',
  'ID', 'TERMINAL', 'TERM', 'TRN', 'TXN', 'SEQ', 'APPR', 'APPROVAL', 'ARN', 'CARD', 'ENTRY', 'MEMO', 'TEL',
  'ORIG', 'SEC', 'IAT', 'FOREIGN', 'EXCHANGE', 'RATE', 'FX',
]);

/** A word before a store number: "STORE 08841", "STR 12", "NO 5", "UNIT 3". */
export const STORE_WORDS = new Set(['STORE', 'STORES', 'STR', 'STO', 'NO', 'NUM', 'NUMBER', 'UNIT', 'LOC', 'LOCATION', 'SHOP', 'BRANCH', 'STATION', 'STN', 'T', 'F']);

/** Company forms and web suffixes that are not part of an everyday name. */
export const NAME_SUFFIXES = new Set(['LLC', 'INC', 'LTD', 'LIMITED', 'PLC', 'GMBH', 'AG', 'SARL', 'SAS', 'BV', 'NV', 'LLP', 'CO', 'COM', 'NET', 'ORG', 'IO', 'WWW', 'HTTP', 'HTTPS', 'UK', 'US', 'USA']);

/** Words after an unknown merchant's name that say how it was paid ("OAKWOOD APARTMENTS ONLINE PMT"). */
export const TRAILING_NOISE = new Set([
  'ONLINE', 'PMT', 'PMTS', 'PAYMENT', 'PAYMENTS', 'PYMT', 'PYMTS', 'AUTOPAY', 'AUTO', 'PAY', 'WEB', 'RECURRING', 'DEBIT',
  'PURCHASE', 'BILL', 'BILLPAY', 'EPAY', 'ACH', 'POS', 'PENDING', 'INTL', 'DRAFT', 'AUTH', 'HOLD', 'REFUND', 'CREDIT',
]);

/** Countries and currencies at the end of a card string. */
export const COUNTRIES = new Set([
  'US', 'USA', 'GB', 'GBR', 'UK', 'IE', 'IRL', 'DE', 'DEU', 'FR', 'FRA', 'NL', 'NLD', 'ES', 'ESP', 'IT', 'ITA', 'BE', 'BEL',
  'AT', 'AUT', 'CH', 'CHE', 'PT', 'PRT', 'LU', 'LUX', 'FI', 'FIN', 'DK', 'DNK', 'SE', 'SWE', 'NO', 'NOR', 'PL', 'POL', 'CAN', 'AU', 'AUS',
  'NZ', 'NZL', 'USD', 'EUR', 'GBP', 'CAD', 'CHF',
]);

/** US states and Canadian provinces, as card strings end: "SEATTLE WA". */
export const STATES = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA',
  'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX',
  'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'ON', 'QC', 'BC', 'AB', 'MB', 'SK', 'NS', 'NB', 'NL', 'PE',
]);

/** Cities that end card strings, so an unknown merchant's name does not keep them ("JOE'S DELI NEW YORK NY"). */
export const CITIES = [
  'NEW YORK', 'NYC', 'BROOKLYN', 'QUEENS', 'BRONX', 'STATEN ISLAND', 'MANHATTAN', 'LOS ANGELES', 'CHICAGO', 'HOUSTON', 'PHOENIX',
  'PHILADELPHIA', 'SAN ANTONIO', 'SAN DIEGO', 'DALLAS', 'SAN JOSE', 'AUSTIN', 'JACKSONVILLE', 'FORT WORTH', 'COLUMBUS',
  'CHARLOTTE', 'SAN FRANCISCO', 'INDIANAPOLIS', 'SEATTLE', 'DENVER', 'WASHINGTON', 'BOSTON', 'EL PASO', 'NASHVILLE',
  'DETROIT', 'OKLAHOMA CITY', 'PORTLAND', 'LAS VEGAS', 'MEMPHIS', 'LOUISVILLE', 'BALTIMORE', 'MILWAUKEE', 'ALBUQUERQUE',
  'TUCSON', 'FRESNO', 'SACRAMENTO', 'KANSAS CITY', 'MESA', 'ATLANTA', 'OMAHA', 'COLORADO SPRINGS', 'RALEIGH', 'MIAMI',
  'OAKLAND', 'MINNEAPOLIS', 'TULSA', 'CLEVELAND', 'WICHITA', 'ARLINGTON', 'NEW ORLEANS', 'BAKERSFIELD', 'TAMPA', 'HONOLULU',
  'ANAHEIM', 'AURORA', 'SANTA ANA', 'ST LOUIS', 'SAINT LOUIS', 'PITTSBURGH', 'RIVERSIDE', 'CINCINNATI', 'LEXINGTON',
  'ANCHORAGE', 'STOCKTON', 'TOLEDO', 'ST PAUL', 'SAINT PAUL', 'NEWARK', 'GREENSBORO', 'BUFFALO', 'PLANO', 'LINCOLN',
  'HENDERSON', 'FORT WAYNE', 'JERSEY CITY', 'ST PETERSBURG', 'CHULA VISTA', 'ORLANDO', 'IRVINE', 'NORFOLK', 'CHANDLER',
  'LAREDO', 'MADISON', 'DURHAM', 'LUBBOCK', 'GILBERT', 'RENO', 'GLENDALE', 'SCOTTSDALE', 'BOISE', 'RICHMOND', 'SPOKANE',
  'DES MOINES', 'MONTGOMERY', 'MODESTO', 'FREMONT', 'SALT LAKE CITY', 'SALT LAKE CTY', 'PASADENA', 'BERKELEY', 'PALO ALTO',
  'MOUNTAIN VIEW', 'SUNNYVALE', 'SANTA CLARA', 'SANTA MONICA', 'CAMBRIDGE', 'SOMERVILLE', 'BELLEVUE', 'REDMOND',
  'EVANSTON', 'HOBOKEN', 'ANN ARBOR', 'SPRINGFIELD', 'HARTFORD', 'PROVIDENCE', 'BURLINGTON', 'SAVANNAH', 'CHARLESTON',
  'LOS GATOS', 'SAN MATEO', 'DALY CITY', 'WALNUT CREEK', 'LONG BEACH', 'CUPERTINO', 'MENLO PARK', 'REDWOOD CITY',
  'LONDON', 'MANCHESTER', 'BIRMINGHAM', 'LEEDS', 'GLASGOW', 'EDINBURGH', 'LIVERPOOL', 'BRISTOL', 'SHEFFIELD', 'CARDIFF',
  'BELFAST', 'LEICESTER', 'NOTTINGHAM', 'NEWCASTLE', 'BRIGHTON', 'OXFORD', 'READING', 'YORK', 'SOUTHAMPTON', 'COVENTRY',
  'DUBLIN', 'CORK', 'GALWAY', 'PARIS', 'LYON', 'MARSEILLE', 'BERLIN', 'HAMBURG', 'MUNCHEN', 'MUENCHEN', 'MUNICH', 'KOLN',
  'KOELN', 'FRANKFURT', 'STUTTGART', 'DUSSELDORF', 'AMSTERDAM', 'ROTTERDAM', 'UTRECHT', 'DEN HAAG', 'BRUXELLES', 'BRUSSELS',
  'ANTWERPEN', 'MADRID', 'BARCELONA', 'VALENCIA', 'LISBOA', 'LISBON', 'PORTO', 'ROMA', 'ROME', 'MILANO', 'MILAN', 'WIEN',
  'VIENNA', 'ZURICH', 'GENEVE', 'GENEVA', 'TORONTO', 'VANCOUVER', 'MONTREAL', 'CALGARY', 'OTTAWA',
];

/** The service name of a payment that is rent whoever receives it ("RENT PAYMENT JOHN SMITH"). */
export const RENT = 'Rent';

/** Transfer wording at the start of a string; what follows (up to a memo) is the counterparty. */
export const TRANSFER_PREFIXES: readonly (readonly [phrase: string, service: string])[] = [
  ['ZELLE PAYMENT TO', 'Zelle'], ['ZELLE PAYMENT FROM', 'Zelle'], ['ZELLE TRANSFER TO', 'Zelle'], ['ZELLE TRANSFER FROM', 'Zelle'],
  ['ZELLE TRANSFER', 'Zelle'], ['ZELLE TO', 'Zelle'], ['ZELLE FROM', 'Zelle'], ['ZELLE PAYMENT', 'Zelle'], ['ZELLE SENT', 'Zelle'], ['ZELLE', 'Zelle'],
  ['ONLINE ZELLE PAYMENT TO', 'Zelle'],
  ['VENMO PAYMENT TO', 'Venmo'], ['VENMO PAYMENT FROM', 'Venmo'], ['VENMO PAYMENT', 'Venmo'], ['VENMO CASHOUT', 'Venmo'],
  ['VENMO INSTANT TRANSFER', 'Venmo'], ['VENMO TRANSFER', 'Venmo'], ['VENMO TO', 'Venmo'], ['VENMO FROM', 'Venmo'], ['VENMO', 'Venmo'],
  ['CASH APP TO', 'Cash App'], ['CASH APP FROM', 'Cash App'], ['CASH APP', 'Cash App'], ['CASHAPP', 'Cash App'], ['SQUARE CASH', 'Cash App'],
  ['SQ CASH', 'Cash App'], ['APPLE CASH SENT MONEY TO', 'Apple Cash'], ['APPLE CASH TO', 'Apple Cash'], ['APPLE CASH', 'Apple Cash'],
  ['PAYPAL INST XFER', 'PayPal'], ['PAYPAL TRANSFER', 'PayPal'], ['PAYPAL INSTANT TRANSFER', 'PayPal'], ['PAYPAL XFER', 'PayPal'],
  ['PAYPAL SENT TO', 'PayPal'],
  ['FASTER PAYMENT TO', 'Faster Payment'], ['FASTER PAYMENTS TO', 'Faster Payment'], ['FASTER PAYMENT FROM', 'Faster Payment'],
  ['FASTER PAYMENTS FROM', 'Faster Payment'], ['FASTER PAYMENTS RECEIPT', 'Faster Payment'], ['FASTER PAYMENT RECEIPT', 'Faster Payment'],
  ['FASTER PAYMENT', 'Faster Payment'], ['FASTER PAYMENTS', 'Faster Payment'], ['FPS TO', 'Faster Payment'], ['FPS', 'Faster Payment'],
  ['FP TO', 'Faster Payment'], ['BANK TRANSFER TO', 'Transfer'], ['BANK TRANSFER FROM', 'Transfer'], ['BANK TRANSFER', 'Transfer'],
  ['BGC', 'Transfer'], ['BACS', 'Transfer'], ['BANK GIRO CREDIT', 'Transfer'],
  ['SEPA CREDIT TRANSFER TO', 'SEPA transfer'], ['SEPA CREDIT TRANSFER FROM', 'SEPA transfer'], ['SEPA CREDIT TRANSFER', 'SEPA transfer'],
  ['SEPA TRANSFER TO', 'SEPA transfer'], ['SEPA TRANSFER FROM', 'SEPA transfer'], ['SEPA TRANSFER', 'SEPA transfer'], ['SEPA CT', 'SEPA transfer'],
  ['SEPA UBERWEISUNG AN', 'SEPA transfer'], ['SEPA UBERWEISUNG', 'SEPA transfer'], ['SEPA UEBERWEISUNG', 'SEPA transfer'], ['UBERWEISUNG AN', 'SEPA transfer'],
  ['UBERWEISUNG', 'SEPA transfer'], ['UEBERWEISUNG', 'SEPA transfer'], ['DAUERAUFTRAG', 'Standing order'], ['OVERBOEKING NAAR', 'SEPA transfer'],
  ['OVERBOEKING', 'SEPA transfer'], ['VIREMENT SEPA EMIS VERS', 'SEPA transfer'], ['VIREMENT SEPA', 'SEPA transfer'], ['VIREMENT VERS', 'SEPA transfer'],
  ['VIREMENT', 'SEPA transfer'], ['VIR SEPA', 'SEPA transfer'], ['SEPA', 'SEPA transfer'],
  ['STANDING ORDER TO', 'Standing order'], ['STANDING ORDER', 'Standing order'], ['STO', 'Standing order'],
  ['ONLINE TRANSFER TO', 'Transfer'], ['ONLINE TRANSFER FROM', 'Transfer'], ['ONLINE BANKING TRANSFER TO', 'Transfer'],
  ['ONLINE BANKING TRANSFER FROM', 'Transfer'], ['MOBILE TRANSFER TO', 'Transfer'], ['MOBILE TRANSFER FROM', 'Transfer'],
  ['INTERNAL TRANSFER TO', 'Transfer'], ['INTERNAL TRANSFER FROM', 'Transfer'], ['INTERNAL TRANSFER', 'Transfer'],
  ['FUNDS TRANSFER TO', 'Transfer'], ['FUNDS TRANSFER FROM', 'Transfer'], ['TRANSFER TO', 'Transfer'], ['TRANSFER FROM', 'Transfer'],
  ['TRANSFER', 'Transfer'], ['TFR TO', 'Transfer'], ['TFR FROM', 'Transfer'], ['TFR', 'Transfer'], ['XFER TO', 'Transfer'],
  ['XFER FROM', 'Transfer'], ['XFER', 'Transfer'], ['WIRE TRANSFER TO', 'Wire transfer'], ['WIRE TRANSFER FROM', 'Wire transfer'],
  ['WIRE TRANSFER', 'Wire transfer'], ['WIRE TO', 'Wire transfer'], ['WIRE FROM', 'Wire transfer'], ['OUTGOING WIRE', 'Wire transfer'],
  ['INCOMING WIRE', 'Wire transfer'], ['INTERAC E TRANSFER', 'Interac e-Transfer'], ['INTERAC ETRANSFER', 'Interac e-Transfer'],
  ['E TRANSFER', 'Interac e-Transfer'], ['ETRANSFER', 'Interac e-Transfer'], ['ONLINE TRANSFER', 'Transfer'], ['BANK TFR', 'Transfer'],
  ['REVOLUT TRANSFER TO', 'Revolut'], ['RENT PAYMENT TO', RENT], ['RENT PAYMENT', RENT], ['RENT PMT', RENT], ['RENT TO', RENT], ['PAYMENT TO', 'Transfer'], ['PAYMENT FROM', 'Transfer'],
];

/**
 * UK banks write the counterparty first and the kind of payment after it: "J SMITH FP 01/03/26 1034", "OAKRIDGE
 * LETTINGS SO", "ACME LTD BGC" (faster payment, standing order, bank giro credit).
 */
export const TRANSFER_MARKERS = new Set(['FP', 'FPS', 'SO', 'STO', 'BGC', 'BACS', 'TFR']);

/** Where a transfer's memo or reference begins: the counterparty's name has ended. */
export const COUNTERPARTY_STOPS = new Set([
  'REF', 'REFERENCE', 'CONF', 'CONFIRMATION', 'MEMO', 'FOR', 'WEB', 'PPD', 'CCD', 'ID', 'ON', 'TRANSACTION', 'TXN', 'VIA',
  'DES', 'INDN', 'TRACE', 'NOTE', 'NOTES', 'MSG', 'MESSAGE', 'ACCT', 'ACCOUNT', 'ACC', 'ENDING', 'VERWENDUNGSZWECK',
  'IBAN', 'BIC', 'MANDATE', 'EREF', 'KREF', 'SVWZ', 'TAN',
]);

/** A counterparty with these words is a landlord or letting agent: the transfer is rent. */
export const LANDLORD_WORDS = new Set([
  'PROPERTY', 'PROPERTIES', 'PROP', 'MGMT', 'MGT', 'MANAGEMENT', 'LANDLORD', 'REALTY', 'APARTMENTS', 'APTS', 'LETTINGS',
  'LETTING', 'LEASING', 'RENT', 'RENTAL', 'RENTALS', 'HOUSING', 'RESIDENTIAL', 'MIETE', 'LOYER', 'HUUR', 'ESTATES', 'HOMES',
]);

/** Own accounts named by their abbreviations in transfer strings. */
export const OWN_ACCOUNTS: Record<string, string> = { CHK: 'Checking', CHECKING: 'Checking', CHQ: 'Checking', SAV: 'Savings', SAVINGS: 'Savings', SVGS: 'Savings', MMA: 'Money Market' };

/** Words that make an incoming entry pay from an employer. */
export const PAYROLL_PHRASES = ['PAYROLL', 'PAYRL', 'PAYROL', 'SALARY', 'SALARIES', 'WAGES', 'WAGE', 'DIR DEP', 'DIRECT DEP', 'DIRECT DEPOSIT', 'DIRECTDEP', 'DIRDEP', 'LOHN', 'GEHALT', 'SALAIRE', 'SALARIS', 'NET PAY', 'PAYCHECK'];
