import { EXPORT_COLUMNS } from '../../../contract/transactions';
import { csvLine } from '../import/csv';

/** One transaction as an export writes it: the list's typed row, or a row read as stored (the data archive). */
export interface CsvTransaction {
  date: string;
  type: string;
  amountMinor: number;
  currency: string | null;
  category: string;
  description: string;
  merchant: string | null;
  notes: string | null;
  tags: readonly string[];
  id: string;
  createdAt: Date | string;
}

/** The byte order mark that tells Excel the file is UTF-8 ("Bäckerei Müller", not "BÃ¤ckerei MÃ¼ller"). */
export const UTF8_BOM = '\uFEFF';

/** The start of every transactions CSV: the byte order mark, then the header line (the columns of EXPORT_COLUMNS). */
export const transactionCsvHeader = (): string => UTF8_BOM + csvLine([...EXPORT_COLUMNS]);

/**
 * The one transaction row of a CSV file, used by the Transactions export and by the data archive's
 * transactions.csv, so the two files read the same: amounts as plain decimals with two places (not money
 * text: spreadsheets and our importer read them back), the account currency when the row has none, tags
 * joined with ';', and the formula guard of `csvCell`.
 */
export function transactionCsvLine(t: CsvTransaction, accountCurrency: string): string {
  return csvLine([
    t.date,
    t.type,
    (t.amountMinor / 100).toFixed(2),
    t.currency ?? accountCurrency,
    t.category,
    t.description,
    t.merchant,
    t.notes,
    t.tags.join(';'),
    t.id,
    typeof t.createdAt === 'string' ? t.createdAt : t.createdAt.toISOString(),
  ]);
}
