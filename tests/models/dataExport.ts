import { createMachine } from 'xstate';

/**
 * "Download all my data" in Settings: the newest export, a new one built in the background with a progress
 * bar, the download. Its paths run against the real dataExport machine (tests/machines/dataExport.model.test.ts).
 */
export const dataExportModel = createMachine({
  id: 'dataExportFlow',
  initial: 'opening',
  states: {
    opening: {
      description: 'Settings is opening.',
      on: { OPEN: 'noExport', OPEN_OFFLINE: 'loadFailed', OPEN_WHILE_ANOTHER_TAB_EXPORTS: 'ready' },
    },
    noExport: {
      description: "No export yet: the 'Download all my data' button.",
      on: { EXPORT: 'ready', EXPORT_THROUGH_A_DROPPED_CONNECTION: 'ready', EXPORT_REFUSED: 'startRefused', EXPORT_FAILS_ON_SERVER: 'exportFailed' },
    },
    loadFailed: {
      description: "'Failed to fetch your data export' with a Retry button.",
      on: { RETRY: 'retried' },
    },
    retried: { description: "Retry worked: no export yet, the 'Download all my data' button." },
    ready: {
      description: "The progress bar ran to the end: a toast says 'Your data is ready to download.' and the download button is there.",
      on: { DOWNLOAD: 'downloaded', DOWNLOAD_FAILS: 'downloadFailed' },
    },
    startRefused: { description: "The server's reason ('An export is already being prepared'); the button stays." },
    exportFailed: { description: "The export stopped on the server: its reason is shown and a new one can start; no download button." },
    downloaded: { description: 'The zip was saved.' },
    downloadFailed: { description: "'Failed to download your data' (the server gave no reason); the download button stays." },
  },
});

export const dataExportFlow = {
  ready: 'Your data is ready to download.',
  loadFailed: 'Failed to fetch your data export',
  refused: 'An export is already being prepared',
  serverStopped: 'The export stopped on an unexpected error. Please try again.',
  downloadFailed: 'Failed to download your data',
} as const;
