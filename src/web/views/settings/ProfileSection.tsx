import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORTED_CURRENCIES } from '../../../contract/money';
import { updateProfileRequest, type UserProfile } from '../../../contract/auth';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { useAccountCurrency } from '../../hooks/useMoney';

interface ProfileValues {
  full_name: string;
  currency: string;
  monthly_income: number | string;
}

const toBody = (v: ProfileValues) => ({
  full_name: v.full_name.trim() || null,
  currency: v.currency,
  ...(v.monthly_income === '' ? {} : { monthly_income: Number(v.monthly_income) }),
});

const labels = { full_name: 'Name' };

/** Name, currency, monthly income and a way back to the onboarding answers. */
export function ProfileSection() {
  const { api, session } = useAppActors();
  const fullName = useSession((s) => s.context.user?.full_name ?? '');
  const currency = useAccountCurrency();
  const email = useSession((s) => s.context.user?.email ?? '');
  const recomputing = useSession((s) => s.context.user?.base_amounts_recomputing === true);
  const income = useSession((s) => {
    const value = (s.context.user?.onboarding as { monthly_income?: unknown } | null | undefined)?.monthly_income;
    return typeof value === 'number' ? value : '';
  });
  const form = useForm<ProfileValues>({
    name: 'profile',
    mode: 'controlled',
    initialValues: { full_name: fullName, currency, monthly_income: income },
    validate: contractRules<ProfileValues>(updateProfileRequest, { labels, toInput: (v) => toBody(v) }),
  });
  // The stored profile arrives after a refresh: show it unless the user is editing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ full_name: fullName, currency, monthly_income: income });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullName, currency, income]);
  const update = useRequest<{ full_name: string | null; currency: string; monthly_income?: number }>({
    submit: (body) => api.auth.updateProfile(body),
    defaultError: 'Failed to update profile',
    successToast: 'Profile updated',
    // A refusal about a field ("currency must be a three-letter ISO 4217 code") is shown under it, not toasted.
    toastErrors: false,
    onSuccess: (profile) => {
      // PUT /users/me/profile answers the updated profile ([spec:5-profile-object] checks it is an object).
      session.send({ type: 'session.profileUpdated', user: profile as UserProfile });
      form.resetDirty();
    },
  });
  const failure = update.failure && !update.failure.handledGlobally ? update.failure : null;
  const alert = useServerFieldError(form, failure, ['full_name', 'currency', 'monthly_income'], { labels });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="profile-heading">
      <form
        aria-label="Profile"
        noValidate
        onSubmit={form.onSubmit(
          (v) => update.submit(toBody(v)),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="profile-heading">
            Profile
          </Title>
          <TextInput label="Email" value={email} readOnly description="The address you sign in with" />
          <TextInput label="Name" autoComplete="name" {...form.getInputProps('full_name')} />
          <Select
            label="Currency"
            description="Your base currency: totals, budgets and the coach add everything up in it; other currencies are converted at the rate of their day"
            data={SUPPORTED_CURRENCIES}
            searchable
            allowDeselect={false}
            {...form.getInputProps('currency')}
          />
          {recomputing && (
            <Text size="sm" c="dimmed" role="status" data-testid="base-recomputing">
              Your amounts are being recomputed in {currency}; totals follow within a minute. An amount with no exchange rate for its day shows as not converted.
            </Text>
          )}
          <NumberInput label="Monthly income" description="After tax; the coach and dashboard plan from it" clampBehavior="none" decimalScale={2} thousandSeparator="," {...form.getInputProps('monthly_income')} />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Group justify="space-between">
            <Anchor component={Link} to="/onboarding?force=true" size="sm">
              Revisit onboarding answers
            </Anchor>
            <Button type="submit" loading={update.busy}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
