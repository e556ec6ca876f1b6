// /account's (and /settings') monitor, once recording is on: pair a Bluetooth heart-rate monitor
// before a class and see it read (the player then finds it by itself), on the same machine and
// actors as the player's Heart rate panel.
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { useAppActors } from '@lib/app-actors';
import { heartRateMonitorMachine } from '@machines/heart-rate-monitor.machine';
import { MonitorControls } from './heart-rate-panel';
import { heartRateActors } from './monitor-actors';

export function HeartRateMonitor() {
  const app = useAppActors();
  const [machine] = useState(() => heartRateMonitorMachine.provide({ actors: heartRateActors(app) }));
  const [, send, actor] = useMachine(machine, app.actorOptions);
  return (
    <div className="heart-rate-monitor stack" data-testid="heart-rate-monitor">
      <MonitorControls heartRate={actor} send={send} showReading />
    </div>
  );
}
