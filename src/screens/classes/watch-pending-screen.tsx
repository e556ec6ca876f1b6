// /watch/:id until the player lands (another branch builds it): says so and links back to the class.
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { routes } from '../../domain/routes';

const messages = defineMessages({
  title: { id: 'watchPending.title', defaultMessage: 'The player is on its way' },
  back: { id: 'watchPending.back', defaultMessage: 'Back to the class' },
});

export default function WatchPendingScreen() {
  const intl = useIntl();
  const { id = '' } = useParams<{ id: string }>();
  return (
    <div className="page page--narrow">
      <div className="card stack">
        <h1>{intl.formatMessage(messages.title)}</h1>
        <Link href={routes.classDetail.href(id)} className="btn btn--primary">
          {intl.formatMessage(messages.back)}
        </Link>
      </div>
    </div>
  );
}
