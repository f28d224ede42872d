import { Box, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PasswordStrength } from '../../contract/passwordStrength';

type Checker = (password: string, userInputs?: (string | null | undefined)[]) => PasswordStrength;
let loaded: Checker | null = null;
let loading: Promise<Checker> | null = null;

/** The strength rule (with its dictionaries) loads only on pages that set a password. */
function loadChecker(): Promise<Checker> {
  loading ??= import('../../contract/passwordStrength').then((m) => (loaded = m.passwordStrength));
  return loading;
}

/**
 * The shared strength check once loaded (null until then: the server applies the same rule anyway). `wanted` false
 * puts the load off (its dictionaries are about 1.7 MB of script) until a password is being typed.
 */
export function usePasswordChecker(wanted = true): Checker | null {
  const [checker, setChecker] = useState<Checker | null>(() => loaded);
  useEffect(() => {
    if (checker || !wanted) return;
    let live = true;
    void loadChecker().then((c) => live && setChecker(() => c));
    return () => {
      live = false;
    };
  }, [checker, wanted]);
  return checker;
}

const colors = ['red', 'orange', 'yellow', 'teal', 'green'] as const;

/** A meter under a new-password field: score, label and the first suggestion. */
export function PasswordStrengthMeter({ password, userInputs = [], id }: { password: string; userInputs?: (string | null | undefined)[]; id?: string }) {
  const check = usePasswordChecker(password !== '');
  if (!password || !check) return null;
  const strength = check(password, userInputs);
  return (
    <Box id={id} aria-live="polite">
      <Progress value={((strength.score + 1) / 5) * 100} color={colors[strength.score]} size="sm" aria-label="Password strength" />
      <Text size="xs" mt={4} c="dimmed">
        Strength: <b>{strength.label}</b>
        {!strength.acceptable && strength.suggestions[0] ? ` · ${strength.suggestions[0]}` : ''}
      </Text>
    </Box>
  );
}
