// The names the sandbox gives what it makes: its provider name on stored rows, and random ids
// shaped like a hosted provider's (`cs_sandbox_…`, `sub_sandbox_…`, `in_sandbox_…`).
import { randomBytes } from 'node:crypto';

export const sandboxProviderName = 'sandbox';

export function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
}
