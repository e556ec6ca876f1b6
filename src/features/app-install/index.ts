// "Install app": the app's own offer to install it, where the browser allows (beforeinstallprompt).
export { appInstallOf, useAppInstall } from './app-install';
