// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SnackbarProvider, type SnackbarKey } from 'notistack';
import { errorToastDurations, notifyErrors, notifySuccess } from './notify';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A provider recording when (fake clock) and why each toast started closing. */
function setup() {
  vi.useFakeTimers();
  const start = Date.now();
  const closed: { key: SnackbarKey; reason: string; after: number }[] = [];
  render(<SnackbarProvider maxSnack={6} onClose={(_e, reason, key) => closed.push({ key: key!, reason, after: Date.now() - start })} />);
  return closed;
}

describe('toasts', () => {
  it('error toasts last 5 s plus 1 s per later message', () => {
    expect(errorToastDurations(1)).toEqual([5000]);
    expect(errorToastDurations(3)).toEqual([7000, 6000, 5000]);
  });

  it('stacks the messages, each with a close button, the first one lasting longest', () => {
    const closed = setup();
    let keys: SnackbarKey[] = [];
    act(() => {
      keys = notifyErrors(['Primeiro erro', 'Segundo erro', 'Terceiro erro']);
    });
    expect(screen.getByText('Primeiro erro')).toBeTruthy();
    expect(screen.getByText('Segundo erro')).toBeTruthy();
    expect(screen.getByText('Terceiro erro')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Fechar' })).toHaveLength(3);

    act(() => vi.advanceTimersByTime(4999));
    expect(closed).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(closed).toEqual([{ key: keys[2], reason: 'timeout', after: 5000 }]);
    act(() => vi.advanceTimersByTime(1000));
    expect(closed.at(-1)).toEqual({ key: keys[1], reason: 'timeout', after: 6000 });
    act(() => vi.advanceTimersByTime(1000));
    expect(closed.at(-1)).toEqual({ key: keys[0], reason: 'timeout', after: 7000 });
  });

  it('a toast closes with its button', () => {
    const closed = setup();
    let keys: SnackbarKey[] = [];
    act(() => {
      keys = notifyErrors('Só um');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(closed).toEqual([{ key: keys[0], reason: 'instructed', after: 0 }]);
  });

  it('success toasts last 3 s', () => {
    const closed = setup();
    let key: SnackbarKey = '';
    act(() => {
      key = notifySuccess('Salvo.');
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(closed).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(closed).toEqual([{ key, reason: 'timeout', after: 3000 }]);
  });
});
