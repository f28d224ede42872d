import type { TestUser } from './api';
import { E2E_DEV_KEY } from './api';

/**
 * Holds the coach's next streamed answer on the server once its first words are written (POST /dev/coach/hold,
 * behind the dev key), until the test lets it go (`releaseAnswer`) or the user stops it. The test then sees the
 * answer streaming, and Stop reaches a server still writing it, however loaded the machine: no race with the
 * coach's pacing (COACH_STREAM_DELAY_MS).
 */
async function devCoach(apiUrl: string, action: 'hold' | 'release', user: Pick<TestUser, 'email'>): Promise<void> {
  const response = await fetch(`${apiUrl}/dev/coach/${action}`, {
    method: 'POST',
    headers: { 'x-dev-key': E2E_DEV_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email }),
  });
  if (!response.ok) throw new Error(`POST /dev/coach/${action} answered ${response.status}: ${await response.text()}`);
}

/** The user's next streamed answer stops once its first words are written. */
export const holdNextAnswer = (apiUrl: string, user: Pick<TestUser, 'email'>) => devCoach(apiUrl, 'hold', user);

/** Lets the user's held answer go on (no-op when none is held). */
export const releaseAnswer = (apiUrl: string, user: Pick<TestUser, 'email'>) => devCoach(apiUrl, 'release', user);
