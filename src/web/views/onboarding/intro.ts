/**
 * The wizard's heading and lead-in. A first-time user is welcomed; a finished user revisiting the
 * answers from Settings (the onboarding machine's `completed`) is told they are reviewing them.
 */
export function onboardingIntro(revisiting: boolean): { /** The tab's title (usePageTitle adds " · Finu"). */ title: string; heading: string; lead: string } {
  return revisiting
    ? {
        title: 'Your answers',
        heading: 'Your answers',
        lead: 'Change what the coach knows about you: your currency, income, main goal and what you want help with. Nothing changes until you save; Cancel keeps your answers as they are.',
      }
    : {
        title: 'Welcome',
        heading: 'Welcome to Finu',
        lead: 'Four quick questions so your coach and dashboard start from your numbers. You can change them later in Settings.',
      };
}
