// Heart rate and effort (domain/heart-rate.ts, decision 072): the maximum, the zones, a class's
// summary, both effort scores, the readings kept, what the server refuses and what a strap sends.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  effortProblem,
  estimatedMaxHeartRate,
  isBirthYear,
  maxHeartRateOf,
  parseHeartRateMeasurement,
  ratingEffort,
  summarise,
  effortScore,
  zoneEffort,
  zoneOf,
  zoneRanges,
  type HeartRateSample,
} from '@domain/heart-rate';

const today = new Date('2026-11-29T12:00:00Z');

/** A reading every `every` seconds from `from` (inclusive) to `to` (exclusive), all at `bpm`. */
const steady = (from: number, to: number, bpm: number, every = 1): HeartRateSample[] =>
  Array.from({ length: Math.ceil((to - from) / every) }, (_, i) => ({ at: from + i * every, bpm }));

describe('the maximum heart rate', () => {
  it('is estimated from a birth year as 208 − 0.7 × age (Tanaka)', () => {
    expect(estimatedMaxHeartRate(1986, today)).toBe(180); // 40 years: 208 − 28
    expect(estimatedMaxHeartRate(2006, today)).toBe(194); // 20 years: 208 − 14
    expect(estimatedMaxHeartRate(1956, today)).toBe(159); // 70 years: 208 − 49
  });

  it('is the one the profile set when it set one, else the estimate, else unknown', () => {
    expect(maxHeartRateOf({ maxHeartRate: 187, birthYear: 1986 }, today)).toBe(187);
    expect(maxHeartRateOf({ maxHeartRate: null, birthYear: 1986 }, today)).toBe(180);
    expect(maxHeartRateOf({ maxHeartRate: null, birthYear: null }, today)).toBeNull();
  });

  it('takes birth years of people 13 to 100 years old', () => {
    expect(isBirthYear(2013, today)).toBe(true);
    expect(isBirthYear(2014, today)).toBe(false);
    expect(isBirthYear(1926, today)).toBe(true);
    expect(isBirthYear(1925, today)).toBe(false);
    expect(isBirthYear(1990.5, today)).toBe(false);
  });
});

describe('zones', () => {
  it('starts zones 2–5 at 60, 70, 80 and 90 % of the maximum', () => {
    expect([107, 108, 125, 126, 143, 144, 161, 162, 180].map((bpm) => zoneOf(bpm, 180))).toEqual([1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(zoneOf(40, 180)).toBe(1);
    expect(zoneOf(200, 180)).toBe(5);
  });

  it('shows each zone as a range of beats that meets the next one', () => {
    expect(zoneRanges(180)).toEqual([
      { zone: 1, from: 25, to: 107 },
      { zone: 2, from: 108, to: 125 },
      { zone: 3, from: 126, to: 143 },
      { zone: 4, from: 144, to: 161 },
      { zone: 5, from: 162, to: 180 },
    ]);
  });

  it('never goes down as the heart rate goes up, whatever the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 230 }), fc.integer({ min: 25, max: 250 }), fc.integer({ min: 0, max: 30 }), (max, bpm, more) => {
        expect(zoneOf(bpm + more, max)).toBeGreaterThanOrEqual(zoneOf(bpm, max));
      }),
    );
  });

  it('puts every range bound in the zone the range names', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 230 }), (max) => {
        for (const { zone, from, to } of zoneRanges(max)) {
          if (zone > 1) expect(zoneOf(from, max)).toBe(zone);
          expect(zoneOf(to, max)).toBe(zone);
        }
      }),
    );
  });
});

describe('a class summed up', () => {
  it('counts each reading until the next one, and the last until the class ends', () => {
    const samples = [...steady(0, 600, 120), ...steady(600, 1200, 150)];
    expect(summarise(samples, 180, 1200)).toEqual({ averageBpm: 135, maxBpm: 150, zoneSeconds: [0, 600, 0, 600, 0] });
  });

  it('weighs the average by time, not by how many readings came', () => {
    // Ten minutes at 100 read every 5 s, one minute at 160 read every second.
    const samples = [...steady(0, 600, 100, 5), ...steady(600, 660, 160)];
    expect(summarise(samples, 180, 660)?.averageBpm).toBe(Math.round((100 * 600 + 160 * 60) / 660));
  });

  it('counts a lost connection in no zone: a silence longer than 10 s counts 10 s', () => {
    const samples = [{ at: 0, bpm: 120 }, { at: 300, bpm: 120 }];
    expect(summarise(samples, 180, 310)?.zoneSeconds).toEqual([0, 20, 0, 0, 0]);
  });

  it('leaves out readings that are no heart rate, or outside the class', () => {
    const samples = [{ at: -5, bpm: 120 }, { at: 0, bpm: 0 }, { at: 1, bpm: 130 }, { at: 2, bpm: 300 }, { at: 60, bpm: 200 }];
    expect(summarise(samples, 180, 60)).toEqual({ averageBpm: 130, maxBpm: 130, zoneSeconds: [0, 0, 10, 0, 0] });
  });

  it('is nothing without a reading', () => {
    expect(summarise([], 180, 600)).toBeNull();
    // No maximum told: the average and the peak, no zones.
    expect(summarise([{ at: 0, bpm: 130 }], null, 60)).toEqual({ averageBpm: 130, maxBpm: 130, zoneSeconds: null });
    expect(summarise([{ at: 0, bpm: 0 }], 180, 600)).toBeNull();
  });

  it('never spends more time in zones than the class lasted, and its average lies between the readings', () => {
    const sample = fc.record({ at: fc.integer({ min: 0, max: 3600 }), bpm: fc.integer({ min: 25, max: 250 }) });
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 3600 }), (samples, endsAt) => {
        const summary = summarise(samples, 180, endsAt);
        const inClass = samples.filter((s) => s.at < endsAt);
        if (!inClass.length) {
          expect(summary).toBeNull();
          return;
        }
        expect(summary!.zoneSeconds!.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(endsAt + 2);
        expect(summary!.maxBpm).toBe(Math.max(...inClass.map((s) => s.bpm)));
        expect(summary!.averageBpm).toBeGreaterThanOrEqual(Math.min(...inClass.map((s) => s.bpm)));
        expect(summary!.averageBpm).toBeLessThanOrEqual(summary!.maxBpm);
        expect(effortProblem({ summary, rating: null }, endsAt + 2)).toBeNull();
      }),
    );
  });
});

describe('effort', () => {
  it('weighs each minute by its zone, 1 to 5', () => {
    expect(zoneEffort([600, 0, 0, 0, 0])).toBe(10);
    expect(zoneEffort([0, 0, 0, 0, 600])).toBe(50);
    // A 30-minute class: 5 warming up in zone 2, 20 in zone 3, 5 in zone 4.
    expect(zoneEffort([0, 300, 1200, 300, 0])).toBe(10 + 60 + 20);
    expect(zoneEffort([0, 0, 0, 0, 0])).toBe(0);
  });

  it('rates a class as the rating times its minutes (session-RPE)', () => {
    expect(ratingEffort(7, 30 * 60)).toBe(210);
    expect(ratingEffort(1, 90)).toBe(2);
    expect(ratingEffort(10, 45 * 60)).toBe(450);
  });

  it('scores a class by its zones when its heart rate has them, else by its rating, else not at all', () => {
    expect(effortScore([0, 300, 1200, 300, 0], 9, 1800)).toEqual({ score: 90, scoredBy: 'zones' });
    expect(effortScore(null, 7, 1800)).toEqual({ score: 210, scoredBy: 'rating' });
    expect(effortScore(null, null, 1800)).toBeNull();
  });
});

describe('what the server refuses', () => {
  const summary = { averageBpm: 130, maxBpm: 160, zoneSeconds: [60, 600, 600, 300, 0] as [number, number, number, number, number] };

  it('takes a summary that fits the class, and a rating of 1 to 10', () => {
    expect(effortProblem({ summary, rating: 7 }, 1800)).toBeNull();
    expect(effortProblem({ summary: null, rating: 1 }, 1800)).toBeNull();
    expect(effortProblem({ summary: null, rating: 10 }, 1800)).toBeNull();
    expect(effortProblem({ summary: null, rating: null }, 1800)).toBeNull();
  });

  it('refuses a heart rate of 0 or 300, and an average above the maximum', () => {
    expect(effortProblem({ summary: { ...summary, averageBpm: 0 }, rating: null }, 1800)).toBe('heartRate');
    expect(effortProblem({ summary: { ...summary, maxBpm: 300 }, rating: null }, 1800)).toBe('heartRate');
    expect(effortProblem({ summary: { ...summary, averageBpm: 170 }, rating: null }, 1800)).toBe('heartRate');
  });

  it('refuses more time in zones than the class lasts, and a negative or fractional time', () => {
    expect(effortProblem({ summary, rating: null }, 1559)).toBe('zoneTime');
    expect(effortProblem({ summary, rating: null }, 1560)).toBeNull();
    expect(effortProblem({ summary: { ...summary, zoneSeconds: [-1, 0, 0, 0, 0] }, rating: null }, 1800)).toBe('zoneTime');
    expect(effortProblem({ summary: { ...summary, zoneSeconds: null }, rating: null }, 1800)).toBeNull();
    expect(effortProblem({ summary: { ...summary, zoneSeconds: [0.5, 0, 0, 0, 0] }, rating: null }, 1800)).toBe('zoneTime');
  });

  it('refuses a rating of 0, 11 or 7.5', () => {
    for (const rating of [0, 11, 7.5]) expect(effortProblem({ summary: null, rating }, 1800)).toBe('rating');
  });
});

describe('what a strap sends (Heart Rate Measurement, 0x2A37)', () => {
  const view = (...bytes: number[]) => new DataView(Uint8Array.from(bytes).buffer);

  it('reads an 8-bit value with no other field', () => {
    expect(parseHeartRateMeasurement(view(0x00, 72))).toEqual({ bpm: 72, contact: null, energyKilojoules: null, rrIntervals: [] });
  });

  it('reads a 16-bit value, contact, energy and RR intervals, little-endian', () => {
    // flags: 16-bit, contact supported and detected, energy, RR; 300 bpm would not fit 8 bits.
    const value = view(0x1f, 0x2c, 0x01, 0x10, 0x00, 0x00, 0x04, 0x00, 0x02);
    expect(parseHeartRateMeasurement(value)).toEqual({ bpm: 300, contact: true, energyKilojoules: 16, rrIntervals: [1, 0.5] });
  });

  it('says when the strap is off the skin', () => {
    expect(parseHeartRateMeasurement(view(0x04, 0))?.contact).toBe(false);
  });

  it('reads nothing from a value shorter than its flags announce', () => {
    expect(parseHeartRateMeasurement(view(0x00))).toBeNull();
    expect(parseHeartRateMeasurement(view(0x01, 0x48))).toBeNull();
    expect(parseHeartRateMeasurement(view(0x08, 72, 0x10))).toBeNull();
  });
});
