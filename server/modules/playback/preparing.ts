// The answer to starting a class whose media is not made yet (the sample media's first
// preparation): 503 with when it will be ready, in minutes for people and Retry-After for programs.
import type { components } from '@domain/api-schema';
import type { MessageCode, MessageValues } from '@server/i18n';
import { samplesReadyInSeconds } from '@server/modules/media';

type Translate = (code: MessageCode, values?: MessageValues) => string;

export function mediaPreparing(request: { t: Translate }, now = Date.now()): { headers: Record<string, string>; body: components['schemas']['MediaPreparingError'] } {
  const seconds = samplesReadyInSeconds(now);
  const code = 'playback.preparing';
  return {
    headers: { 'Retry-After': String(Math.min(seconds, 30)) },
    body: { isSuccess: false, message: request.t(code, { minutes: Math.ceil(seconds / 60) }), statusCode: 503, code, reason: 'preparing', ready_in_seconds: seconds },
  };
}
