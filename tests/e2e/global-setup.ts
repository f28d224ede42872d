import type { TestProject } from 'vitest/node';
import { startFinu } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA (APP_URL) of the app under test. */
    appUrl: string;
    /** Its API (API_URL), with the dev mail outbox. */
    apiUrl: string;
  }
}

/** One running app for the whole e2e run; each test makes its own users, so tests share it safely. */
export default async function setup(project: TestProject) {
  const finu = await startFinu();
  project.provide('appUrl', finu.appUrl);
  project.provide('apiUrl', finu.apiUrl);
  return () => finu.stop();
}
