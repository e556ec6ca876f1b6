// Data saver (docs/decisions/039): the setting (automatic, on, off; per device), whether it
// limits streaming on this connection, and the highest rendition it lets the player take.
// Shared by the data saver machine, the player and their tests.

export const DATA_SAVER_PREFERENCES = ['auto', 'on', 'off'] as const;
export type DataSaverPreference = (typeof DATA_SAVER_PREFERENCES)[number];
export const DEFAULT_DATA_SAVER: DataSaverPreference = 'auto';

export const isDataSaverPreference = (value: unknown): value is DataSaverPreference =>
  typeof value === 'string' && (DATA_SAVER_PREFERENCES as readonly string[]).includes(value);

/** What the browser says of the connection (the Network Information API, where it exists). */
export interface ConnectionHints {
  /** The user asked the browser to save data (`navigator.connection.saveData`). */
  saveData: boolean;
  /** `navigator.connection.effectiveType` ('slow-2g', '2g', '3g', '4g'), or null when unknown. */
  effectiveType: string | null;
  /** `navigator.connection.type` ('cellular', 'wifi', …), or null when unknown. */
  connectionType: string | null;
}

export const UNKNOWN_CONNECTION: ConnectionHints = { saveData: false, effectiveType: null, connectionType: null };

const SLOW = new Set(['slow-2g', '2g', '3g']);

/** The connection is metered (the browser saves data, or it is cellular) or slow (3G or worse). */
export function meteredOrSlow(hints: ConnectionHints): boolean {
  return hints.saveData || hints.connectionType === 'cellular' || (hints.effectiveType !== null && SLOW.has(hints.effectiveType));
}

/** Whether data saver limits streaming now: always when on, never when off, on metered or slow connections when automatic. */
export function limitsStreaming(preference: DataSaverPreference, hints: ConnectionHints): boolean {
  return preference === 'on' || (preference === 'auto' && meteredOrSlow(hints));
}

/** The data saver's ceiling: 480p. */
export const DATA_SAVER_HEIGHT = 480;
/** Renditions at or below this are never the ceiling's only choice: data saver still looks watchable. */
export const DATA_SAVER_FLOOR = 360;

/**
 * The highest height data saver allows among `heights` (a class's renditions): the highest
 * rendition above 360p up to 480p, else the lowest one above 360p (a ladder of 360p, 720p and
 * 1080p gives 720p), else null (every rendition is 360p or less: nothing to limit).
 */
export function dataSaverCap(heights: readonly number[]): number | null {
  const above = heights.filter((height) => height > DATA_SAVER_FLOOR);
  if (above.length === 0) return null;
  const within = above.filter((height) => height <= DATA_SAVER_HEIGHT);
  return within.length ? Math.max(...within) : Math.min(...above);
}

/** The renditions the player may offer and play: all of them, or those up to the cap while data saver limits streaming. */
export function allowedHeights(heights: readonly number[], limited: boolean): number[] {
  const cap = limited ? dataSaverCap(heights) : null;
  return cap === null ? [...heights] : heights.filter((height) => height <= cap);
}
