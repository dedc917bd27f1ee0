// The demo seed's common means: a seeded PRNG, fixed instants, and the names, places and sites its families draw from.

/** Mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const epoch = Date.parse('2025-01-06T09:00:00Z');
export const day = 86_400_000;
export const at = (n: number): string => new Date(epoch + n).toISOString();

export const firstNames = [
  'Ada',
  'Bjorn',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Kaito',
  'Lena',
  'Mateo',
  'Nora',
  'Oskar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tala',
];
export const lastNames = [
  'Berg',
  'Costa',
  'Dahl',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Holm',
  'Ito',
  'Jensen',
  'Khan',
  'Lund',
  'Moreau',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Rossi',
];
export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export const cities: [string, number, number][] = [
  ['Bergen', 60.39, 5.32],
  ['Tromso', 69.65, 18.96],
  ['Alesund', 62.47, 6.15],
  ['Flam', 60.86, 7.11],
];

export const S1 = 'site_0000001';
export const S2 = 'site_0000002';
