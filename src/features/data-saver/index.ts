// This device's data saver: the /account setting, the player's switch and the downloads' quality.
export { connectionHints, dataSaverOf, useDataSaver } from './data-saver';
