import { Alert, Modal, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { fieldOfDetail } from '../../forms/contractRules';
import { useDialog } from '../../hooks/useDialog';
import { ChooseFile } from './ImportChooseFile';
import { mappingFields, mappingLabels } from './ImportColumnMapping';
import { Review } from './ImportReview';
import { Running } from './ImportRunning';
import { Summary } from './ImportSummary';
import { useTransactions, type ImportActor, type ImportSnapshot } from './transactionsActor';

const steps = ['choosing', 'reviewing', 'running', 'done'] as const;
type Step = (typeof steps)[number];

function stepOf(s: ImportSnapshot): Step {
  if (s.matches('choosing') || s.matches('uploading')) return 'choosing';
  if (s.matches('reviewing') || s.matches('remapping') || s.matches('committing')) return 'reviewing';
  if (s.matches('running')) return 'running';
  return 'done';
}

/** The import wizard: account and file → preview (and a CSV's mapping) → progress → summary and undo. Driven by the invoked transactionImport actor. */
export function ImportWizard() {
  const wizard = useTransactions((s) => s.children.transactionImport as ImportActor | undefined);
  const fullScreen = useMediaQuery('(max-width: 36em)', false) ?? false;
  useDialog('import', Boolean(wizard));
  return (
    <Modal
      opened={Boolean(wizard)}
      onClose={() => wizard?.send({ type: 'import.close' })}
      title="Import transactions"
      size="xl"
      centered
      fullScreen={fullScreen}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close import' }}
    >
      {wizard && <WizardBody wizard={wizard} />}
    </Modal>
  );
}

function WizardBody({ wizard }: { wizard: ImportActor }) {
  const step = useSelector(wizard, stepOf);
  const failure = useSelector(wizard, (s) => s.context.error);
  // A refusal about one of the mapping's fields is shown next to that field (Review); anything else here.
  const error = failure && !(step === 'reviewing' && fieldOfDetail(failure.message, mappingFields, { labels: mappingLabels })) ? failure.message : null;
  const active = steps.indexOf(step);
  return (
    <Stack gap="md">
      <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label="Import steps">
        <Stepper.Step label="Upload" />
        <Stepper.Step label="Review" />
        <Stepper.Step label="Import" />
        <Stepper.Step label="Done" />
      </Stepper>
      {error && step !== 'running' && (
        <Alert color="red" variant="light" role="alert" title={step === 'choosing' ? 'The file could not be read' : 'Something needs a look'}>
          {error}
        </Alert>
      )}
      {step === 'choosing' && <ChooseFile wizard={wizard} />}
      {step === 'reviewing' && <Review wizard={wizard} />}
      {step === 'running' && <Running wizard={wizard} />}
      {step === 'done' && <Summary wizard={wizard} />}
    </Stack>
  );
}
