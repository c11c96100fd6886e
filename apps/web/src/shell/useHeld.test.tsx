import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useHeld } from './useHeld';

describe('useHeld', () => {
  it('keeps the last subject while its dialog closes, and takes a new one at once', () => {
    const a = { id: 1, resultado: 'aprovada' };
    const b = { id: 2, resultado: 'rejeitada' };
    const { result, rerender } = renderHook(({ v }: { v: typeof a | null }) => useHeld(v), { initialProps: { v: null as typeof a | null } });
    expect(result.current).toBeNull();
    rerender({ v: a });
    expect(result.current).toBe(a);
    rerender({ v: null });
    expect(result.current).toBe(a);
    rerender({ v: b });
    expect(result.current).toBe(b);
  });
});
