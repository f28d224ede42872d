import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AccountSection } from '../../../../machines/ui';
import { useAppActors, useUi } from '../../app/context';
import { useDialog } from '../../hooks/useDialog';
import { ContactForm } from '../help/ContactForm';
import { DataSection } from '../settings/DataSection';
import { PasswordSection } from '../settings/PasswordSection';
import { SignInMethods } from '../settings/SignInMethods';

/** The dialog titles of the user menu's account essentials. */
const accountSectionTitles: Record<AccountSection, string> = {
  password: 'Change password',
  signInMethods: 'Sign-in methods',
  data: 'Your data',
  support: 'Contact support',
};

/**
 * The account essentials as dialogs over any signed-in page, so a user who skipped onboarding (whom
 * /settings and /help send to the wizard) still reaches them. Each shows the very section Settings or
 * Help shows.
 */
export function AccountDialog() {
  const { ui } = useAppActors();
  const section = useUi((s) => s.context.account);
  const fullScreen = useMediaQuery('(max-width: 36em)', false) ?? false;
  useDialog('account', section !== null, 'button[aria-label^="Account menu"]');
  return (
    <Modal opened={section !== null} onClose={() => ui.send({ type: 'account.close' })} title={section ? accountSectionTitles[section] : ''} size="lg" fullScreen={fullScreen} centered>
      {section === 'password' && <PasswordSection />}
      {section === 'signInMethods' && <SignInMethods />}
      {section === 'data' && <DataSection />}
      {section === 'support' && <ContactForm />}
    </Modal>
  );
}
