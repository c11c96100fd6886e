import { useState } from 'react';

/**
 * The last value that was not null: a dialog whose subject is cleared on closing keeps showing it while it fades out
 * (otherwise its text goes blank — "já foi votada ()" — for the length of the transition).
 */
export function useHeld<T>(value: T | null): T | null {
  const [held, setHeld] = useState(value);
  if (value !== null && value !== held) setHeld(value);
  return value ?? held;
}
