// /details (step 2 of 4): a view of the profile machine. The view reads a picked file as a
// data URL for the preview; the machine checks, uploads and saves.
import { defineMessages, useIntl } from 'react-intl';
import { ImagePicker, Spinner, StepHeader, TextField } from '../../components';
import { useProfileFlow } from '../../app/flows';
import { useNavigationOutput, useScrollToTopOn } from '../../app/navigation';
import { NoticeBanner } from '../notice-banner';
import { ruleMessage } from '../rule-message';

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
  const [snapshot, send] = useProfileFlow();
  const { name, image, preview, errors, notice, scrollToTop, navigation } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  useNavigationOutput(navigation);
  const pick = (file: File) => {
    readAsDataUrl(file).then(
      (dataUrl) => send({ type: 'image.pick', file, fileName: file.name, preview: dataUrl }),
      () => send({ type: 'image.pick', file, fileName: file.name, preview: '' }),
    );
  };
  return (
    <div className="page page--narrow">
      <NoticeBanner notice={notice} />
      <StepHeader step={2} title={intl.formatMessage(messages.title)} />
      {snapshot.hasTag('busy') ? (
        <Spinner size="lg" label={messages.saving} />
      ) : (
        <form
          className="card stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.submit' });
          }}
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
        </form>
      )}
    </div>
  );
}
