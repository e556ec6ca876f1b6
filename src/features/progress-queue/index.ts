// The offline progress queue (decision 041): how the player saves where the account is in a
// class, sent now or kept on the device and sent once when the connection returns. The queue's
// own code (./progress-queue.ts, with idb) loads at the first report or flush.
export { progressQueueOf } from './progress-queue-actor';
