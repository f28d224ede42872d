import { rateMappingQuery, type RateMapping } from '../../contract/rateMapping';
import { rateFileType, rateMessages, type CreateRateRequest, type ExchangeRate, type RateImportResult } from '../../contract/rates';
import type { ApiCall } from './client';

/** Exchange rates: the list, a typed rate, an ECB reference-rate file or a mapped CSV; failures carry the server's detail, else the call's default. */
export function ratesApi(call: ApiCall) {
  return {
    list: (signal?: AbortSignal) => call<{ rates: ExchangeRate[]; total: number }>('/rates', { defaultMessage: rateMessages.fetchRates, signal }),
    add: (body: CreateRateRequest) => call<ExchangeRate>('/rates', { method: 'POST', body, defaultMessage: rateMessages.addRate }),
    /** The file as it is; XML or CSV by its name. */
    importFile: (file: Blob, fileName: string) =>
      call<RateImportResult>('/rates/import', { method: 'POST', body: file, contentType: rateFileType(fileName), defaultMessage: rateMessages.importRates }),
    /** Any other CSV, read on the server by the mapping chosen for it. */
    importMapped: (file: Blob, mapping: RateMapping) =>
      call<RateImportResult>(`/rates/import?${rateMappingQuery(mapping)}`, { method: 'POST', body: file, contentType: 'text/csv', defaultMessage: rateMessages.importRates }),
  };
}
