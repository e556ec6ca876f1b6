// An activity overview and history pages as the contract answers them, for the machine tests.
import type { Activity, HistoryPage } from '@machines/activity.machine';
import type { Schemas } from '@domain/contract';
import type { WeeklyGoal } from '@domain/activity';

export function completion(n: number): Schemas['CompletedClass'] {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    classId: `class-${n}`,
    title: { en: `Class ${n}`, es: `Clase ${n}` },
    discipline: { id: 'yoga', name: { en: 'Yoga', es: 'Yoga' } },
    minutes: 20,
    completedAt: new Date(Date.UTC(2026, 10, 25) - n * 3_600_000).toISOString(),
    date: '2026-11-25',
    effort: n % 2 === 0 ? null : { rating: 6, heartRate: null, score: 120, scoredBy: 'rating' },
  };
}

export function overview(goal: WeeklyGoal | null = null, nextCursor: string | null = 'page-2'): Activity {
  const weeks = Array.from({ length: 12 }, (_, i) => ({ weekStart: `2026-09-${String(7 + i).padStart(2, '0')}`, minutes: i * 10, classes: i, effort: i * 40 }));
  return {
    timeZone: 'Europe/Madrid',
    today: '2026-11-25',
    goal,
    thisWeek: { weekStart: '2026-11-23', minutes: 40, classes: 2, effort: 160 },
    allTime: { minutes: 400, classes: 20 },
    weeks,
    streakWeeks: goal ? 3 : 0,
    goalMetThisWeek: goal !== null,
    history: { items: [completion(1), completion(2)], nextCursor },
    programmes: [],
  };
}

export const secondPage: HistoryPage = { items: [completion(3)], nextCursor: null };
