// Test doubles for the machines' promise actors: every call is recorded and answered (or not)
// by the test, so each transition can be driven on purpose.
import { fromPromise, type NonReducibleUnknown } from 'xstate';

export interface ControlledCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

export function controlledActor<TOutput, TInput = NonReducibleUnknown>() {
  const calls: ControlledCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return {
    logic,
    calls,
    get last(): ControlledCall<TOutput, TInput> {
      const call = calls.at(-1);
      if (!call) throw new Error('the actor was never invoked');
      return call;
    },
  };
}

/** Lets resolved promises reach the machine (actor outputs are delivered asynchronously). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
