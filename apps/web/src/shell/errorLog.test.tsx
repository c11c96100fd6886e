// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_COUNT_KEY, logFrontError, setReloadForTests } from './errorLog';
import { CHUNK_RELOAD_KEY, handleChunkError, isChunkLoadError, setChunkReloadForTests } from './chunkReload';
import { makeUser, resetShell, signIn, stubApi } from '../test/harness';

beforeEach(() => resetShell());
afterEach(() => vi.unstubAllGlobals());

describe('front-end error log', () => {
  it('signed in → logfront; nobody → logfrontPublic, with the spec body', async () => {
    const { calls, fetchMock } = stubApi({
      'POST /api/logfront': { status: 201, body: { message: 'ok' } },
      'POST /api/logfrontPublic': { status: 201, body: { message: 'ok' } },
    });
    await logFrontError('promise', 'falhou');
    signIn(makeUser(['admin']));
    await logFrontError('uncaught', 'quebrou');
    expect(calls).toEqual(['POST /api/logfrontPublic', 'POST /api/logfront']);
    const body = JSON.parse(String((fetchMock.mock.calls[0][1] as RequestInit).body));
    expect(Object.keys(body).sort()).toEqual(['message', 'timestamp', 'type', 'url', 'useAgent']);
    expect(body.type).toBe('promise');
  });

  it('20 errors while nobody is signed in clear the count and reload', async () => {
    stubApi({ 'POST /api/logfrontPublic': { status: 201, body: {} } });
    const reload = vi.fn();
    setReloadForTests(reload);
    for (let i = 0; i < 19; i++) await logFrontError('error', `e${i}`);
    expect(localStorage.getItem(ERROR_COUNT_KEY)).toBe('19');
    expect(reload).not.toHaveBeenCalled();
    await logFrontError('error', 'e19');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ERROR_COUNT_KEY)).toBeNull();
  });
});

describe('chunk-load failure', () => {
  it('reloads once, then not again within 60 s', () => {
    const reload = vi.fn();
    setChunkReloadForTests(reload);
    const err = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(isChunkLoadError(err)).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
    expect(handleChunkError(err, false, 1_000_000)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(handleChunkError(err, false, 1_059_999)).toBe(false);
    expect(handleChunkError(err, false, 1_060_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
