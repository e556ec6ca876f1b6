// /details (step 2 of 4): a view of the profile machine. The view reads a picked file as a
// data URL for the preview; the machine checks, uploads and saves.
import { defineMessages, useIntl } from 'react-intl';
import { ImagePicker, StepHeader, TextField } from '@components';
import { useFlow } from '@lib/flow';
import { profileMachine } from '@machines/profile.machine';
import { FormShell } from '@components/form-shell';
import { ruleMessage } from '@components/rule-message';

const messages = defineMessages({
  title: { id: 'details.title', defaultMessage: 'Set Up Your Profile' },
  image: { id: 'details.image', defaultMessage: 'Profile picture (optional)' },
  name: { id: 'details.name', defaultMessage: 'Name' },
  save: { id: 'details.save', defaultMessage: 'Save' },
  skip: { id: 'details.skip', defaultMessage: 'Skip for now' },
  saving: { id: 'details.saving', defaultMessage: 'Saving your profile…' },
});

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function DetailsScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(profileMachine);
  const { name, image, preview, errors, notice, scrollToTop } = snapshot.context;
  const pick = (file: File) => {
    readAsDataUrl(file).then(
      (dataUrl) => send({ type: 'image.pick', file, fileName: file.name, preview: dataUrl }),
      () => send({ type: 'image.pick', file, fileName: file.name, preview: '' }),
    );
  };
  return (
    <FormShell
      notice={notice}
      scrollToTop={scrollToTop}
      heading={<StepHeader step={2} title={intl.formatMessage(messages.title)} />}
      busy={snapshot.hasTag('busy')}
      busyLabel={messages.saving}
      onSubmit={() => send({ type: 'form.submit' })}
    >
      <ImagePicker
        id="details-image"
        label={intl.formatMessage(messages.image)}
        src={preview || (image ? `/uploads/${image}` : null)}
        onPick={pick}
        onDelete={() => send({ type: 'image.delete' })}
        busy={snapshot.hasTag('uploading')}
        error={ruleMessage(errors.image)}
      />
      <TextField
        id="details-name"
        label={intl.formatMessage(messages.name)}
        value={name}
        onChange={(value) => send({ type: 'field.change', field: 'name', value })}
        error={ruleMessage(errors.name)}
        autoComplete="name"
        required
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={snapshot.hasTag('uploading')}>
        {intl.formatMessage(messages.save)}
      </button>
      <button type="button" className="btn btn--ghost btn--block" onClick={() => send({ type: 'form.skip' })}>
        {intl.formatMessage(messages.skip)}
      </button>
    </FormShell>
  );
}
