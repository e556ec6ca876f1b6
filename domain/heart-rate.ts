// Heart rate and effort (issue 43, decision 072), pure and shared by the player, Activity and the
// server: the maximum heart rate, the five zones, a class's summary from its readings, the two
// effort scores (zones weighted as Edwards's TRIMP; the session-RPE rating × minutes), what a
// Bluetooth strap sends (the GATT Heart Rate Measurement), and what the server refuses.

/** Readings outside these (beats per minute) are not a heart rate: a strap's glitch, or bad input. */
export const lowestHeartRate = 25;
export const highestHeartRate = 250;

/** Zones 1–5; zone 1 is everything under zone 2's floor, zone 5 everything from 90 % up. */
export type Zone = 1 | 2 | 3 | 4 | 5;
export const zones: readonly Zone[] = [1, 2, 3, 4, 5];

/** Where zones 2, 3, 4 and 5 start, as shares of the maximum heart rate (the usual 10 % bands). */
export const zoneFloors: readonly number[] = [0.6, 0.7, 0.8, 0.9];

/** A minute in zone n counts n (Edwards, 1993): the weights of the published zone-based scores. */
export const zoneWeights: Readonly<Record<Zone, number>> = { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 };

/** A maximum heart rate someone may set; outside it, a typing mistake. */
export const lowestMaxHeartRate = 100;
export const highestMaxHeartRate = 230;

/** Readings further apart than this are a lost connection: the time between them counts in no zone. */
export const longestGapSeconds = 10;

/** The effort rating asked at the end of a class: 1 (very easy) to 10 (maximal). */
export const lowestRating = 1;
export const highestRating = 10;

export const isHeartRate = (bpm: number): boolean => Number.isInteger(bpm) && bpm >= lowestHeartRate && bpm <= highestHeartRate;
export const isMaxHeartRate = (bpm: number): boolean => Number.isInteger(bpm) && bpm >= lowestMaxHeartRate && bpm <= highestMaxHeartRate;
export const isRating = (rating: number): boolean => Number.isInteger(rating) && rating >= lowestRating && rating <= highestRating;

/** Birth years a person may give: someone between 13 and 100 years old this year. */
export function isBirthYear(year: number, today: Date): boolean {
  const now = today.getUTCFullYear();
  return Number.isInteger(year) && year >= now - 100 && year <= now - 13;
}

/** Tanaka, Monahan and Seals (2001): 208 − 0.7 × age, closer for adults than 220 − age. */
export function estimatedMaxHeartRate(birthYear: number, today: Date): number {
  return Math.round(208 - 0.7 * (today.getUTCFullYear() - birthYear));
}

/** What a profile told: a maximum it measured wins over one estimated from its birth year. */
export interface HeartRateSettings {
  maxHeartRate: number | null;
  birthYear: number | null;
}

/** The maximum heart rate the zones are drawn from, or null when the profile told neither. */
export function maxHeartRateOf({ maxHeartRate, birthYear }: HeartRateSettings, today: Date): number | null {
  if (maxHeartRate !== null) return maxHeartRate;
  return birthYear === null ? null : estimatedMaxHeartRate(birthYear, today);
}

/** The zone `bpm` is in for someone whose maximum is `max`. */
export function zoneOf(bpm: number, max: number): Zone {
  const share = bpm / max;
  let zone: Zone = 1;
  zoneFloors.forEach((floor, index) => {
    if (share >= floor) zone = (index + 2) as Zone;
  });
  return zone;
}

/** Each zone's range in beats per minute, as shown beside the live value (`to` is the next zone's floor − 1). */
export function zoneRanges(max: number): { zone: Zone; from: number; to: number }[] {
  const floors = zoneFloors.map((share) => Math.ceil(share * max));
  return zones.map((zone, index) => ({
    zone,
    from: index === 0 ? lowestHeartRate : floors[index - 1]!,
    to: index === zones.length - 1 ? max : floors[index]! - 1,
  }));
}

/** One reading: `at` seconds into the class. */
export interface HeartRateSample {
  at: number;
  bpm: number;
}

/** Seconds spent in each zone, zone 1 first. */
export type ZoneSeconds = [number, number, number, number, number];

export interface HeartRateSummary {
  averageBpm: number;
  maxBpm: number;
  /** Null when the profile told no maximum heart rate (no zones to count in). */
  zoneSeconds: ZoneSeconds | null;
}

/**
 * A class's readings summed up: each reading counts until the next one (at most
 * `longestGapSeconds`: a longer silence is a lost connection) or until `endsAt`; the average is
 * weighted by that time. No zone times without a maximum. Null when no reading counted.
 */
export function summarise(samples: readonly HeartRateSample[], max: number | null, endsAt: number): HeartRateSummary | null {
  const readings = samples.filter((s) => isHeartRate(s.bpm) && s.at >= 0 && s.at < endsAt).sort((a, b) => a.at - b.at);
  const zoneSeconds: ZoneSeconds = [0, 0, 0, 0, 0];
  let weighted = 0;
  let counted = 0;
  let maxBpm = 0;
  readings.forEach((reading, index) => {
    const next = readings[index + 1]?.at ?? endsAt;
    const seconds = Math.min(next - reading.at, longestGapSeconds);
    maxBpm = Math.max(maxBpm, reading.bpm);
    const zone = zoneOf(reading.bpm, max ?? reading.bpm) - 1;
    zoneSeconds[zone] = zoneSeconds[zone]! + seconds;
    weighted += reading.bpm * seconds;
    counted += seconds;
  });
  if (counted === 0) return null;
  return { averageBpm: Math.round(weighted / counted), maxBpm, zoneSeconds: max === null ? null : (zoneSeconds.map(Math.round) as ZoneSeconds) };
}

/** The zone-based effort: minutes in each zone times its weight, rounded. */
export function zoneEffort(zoneSeconds: ZoneSeconds): number {
  return Math.round(zoneSeconds.reduce((sum, seconds, index) => sum + (seconds / 60) * zoneWeights[zones[index]!], 0));
}

/** The session-RPE effort (Foster, 2001): the rating times the minutes trained, rounded. */
export function ratingEffort(rating: number, seconds: number): number {
  return Math.round((rating * seconds) / 60);
}

/**
 * A class's score, as the player shows it and the server keeps it: the zone effort when its
 * heart rate has zone times, else the rating effort over the class's `seconds`; null with neither.
 */
export function effortScore(zoneSeconds: ZoneSeconds | null, rating: number | null, seconds: number): { score: number; scoredBy: 'zones' | 'rating' } | null {
  if (zoneSeconds) return { score: zoneEffort(zoneSeconds), scoredBy: 'zones' };
  return rating === null ? null : { score: ratingEffort(rating, seconds), scoredBy: 'rating' };
}

/** Why the server refuses a class's heart-rate summary or rating (null: it takes it). */
export type EffortProblem = 'heartRate' | 'zoneTime' | 'rating';

export function effortProblem(
  { summary, rating }: { summary: HeartRateSummary | null; rating: number | null },
  classSeconds: number,
): EffortProblem | null {
  if (rating !== null && !isRating(rating)) return 'rating';
  if (summary === null) return null;
  const { averageBpm, maxBpm, zoneSeconds } = summary;
  if (!isHeartRate(averageBpm) || !isHeartRate(maxBpm) || averageBpm > maxBpm) return 'heartRate';
  if (zoneSeconds === null) return null;
  if (zoneSeconds.some((s) => !Number.isInteger(s) || s < 0)) return 'zoneTime';
  if (zoneSeconds.reduce((a, b) => a + b, 0) > classSeconds) return 'zoneTime';
  return null;
}

/** What a strap's Heart Rate Measurement characteristic (0x2A37) says. */
export interface HeartRateMeasurement {
  bpm: number;
  /** Whether the strap touches the skin, where it can tell. */
  contact: boolean | null;
  /** Energy spent since the strap was reset, in kilojoules, where it counts it. */
  energyKilojoules: number | null;
  /** Beat-to-beat intervals in seconds. */
  rrIntervals: number[];
}

/**
 * Reads the characteristic's value as the Bluetooth SIG's Heart Rate Service defines it: a flags
 * byte (bit 0: the value is 16 bits; bits 1–2: contact detected / supported; bit 3: energy
 * expended follows; bit 4: RR intervals follow, in 1/1024 s), then the fields, little-endian.
 * Null when the value is too short for what its flags announce.
 */
export function parseHeartRateMeasurement(value: DataView): HeartRateMeasurement | null {
  if (value.byteLength < 2) return null;
  const flags = value.getUint8(0);
  const wide = (flags & 0x01) !== 0;
  let offset = 1;
  if (value.byteLength < offset + (wide ? 2 : 1)) return null;
  const bpm = wide ? value.getUint16(offset, true) : value.getUint8(offset);
  offset += wide ? 2 : 1;
  const contact = (flags & 0x04) !== 0 ? (flags & 0x02) !== 0 : null;
  let energyKilojoules: number | null = null;
  if ((flags & 0x08) !== 0) {
    if (value.byteLength < offset + 2) return null;
    energyKilojoules = value.getUint16(offset, true);
    offset += 2;
  }
  const rrIntervals: number[] = [];
  if ((flags & 0x10) !== 0) {
    for (; offset + 1 < value.byteLength; offset += 2) rrIntervals.push(value.getUint16(offset, true) / 1024);
  }
  return { bpm, contact, energyKilojoules, rrIntervals };
}
