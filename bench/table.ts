/** Columns of the benchmarks' printed tables: text padded on the right (labels) or on the left (figures). */
export const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));
export const lpad = (s: string, n: number): string => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
