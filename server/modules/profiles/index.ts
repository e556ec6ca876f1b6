// The profiles module's door (decision 064): other modules import it only from here.
export { accountProfile, accountProfiles, profileTimeZone } from './records';
