// Types of media-grant.js (plain JavaScript so that the nginx edge runs it too).
export type Grant =
  | { kind: 't'; sessionId: string; maxHeight: number; expires: number }
  | { kind: 'f'; sessionId: string; file: string; expires: number };

export type GrantRefusal = '' | 'playback.badLink' | 'playback.qualityNotInPlan';

declare const mediaGrant: {
  sign(secret: string, mediaId: string, grant: Grant): string;
  read(secret: string, mediaId: string, segment: string, file: string): Grant | null;
  refusal(secret: string, mediaId: string, segment: string, file: string, cookieHeader: string | undefined, now: number): GrantRefusal;
};
export default mediaGrant;
