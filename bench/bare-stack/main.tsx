// The floor of FitStream's chosen stack on its first page: React 19 with one actor running an
// XState machine (read through @xstate/react), a react-intl message and a wouter route, built by
// the app's own Vite config (messages parsed at build, as the app's are) so the bundle benchmark
// can tell the stack's share of the landing's JS from the app's own.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSelector } from '@xstate/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { Route, Router } from 'wouter';
import { assign, createActor, fromPromise, setup } from 'xstate';

const greeter = setup({
  types: { context: {} as { name: string } },
  actors: { loadName: fromPromise(async () => 'React') },
}).createMachine({
  context: { name: '' },
  initial: 'loading',
  states: {
    loading: { invoke: { src: 'loadName', onDone: { target: 'ready', actions: assign({ name: ({ event }) => event.output }) } } },
    ready: {},
  },
});

const actor = createActor(greeter).start();

function Hello() {
  const name = useSelector(actor, (snapshot) => snapshot.context.name);
  return (
    <h1>
      <FormattedMessage id="hello" defaultMessage="Hello, {name}" values={{ name }} />
    </h1>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <IntlProvider locale="en" defaultLocale="en">
        <Router>
          <Route path="/">
            <Hello />
          </Route>
        </Router>
      </IntlProvider>
    </StrictMode>,
  );
}
