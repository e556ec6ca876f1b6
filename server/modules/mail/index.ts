// The mail module's door: queue a mail, the mail messages' text, and the sandbox tools' gate.
// Other modules import this module only from here (eslint.config.js); re-exports only, no
// side effects, and never a plugin (server/app.ts).
export { paramsForExport, queueAccountMail, queueMail, type DigestClass } from './outbox';
export { mailText, type MailMessageCode } from './templates';
export { sandboxToolsGate, sandboxToolsServed } from './tools-access';
