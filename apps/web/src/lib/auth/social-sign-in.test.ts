import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_POPUP } from '@shop/shared/constants';
import {
  SOCIAL_SIGN_IN_MESSAGE_TYPE,
  SocialSignInError,
  assertAuthorizedDomain,
  hasOpener,
  openSignInPopup,
  reportToOpener,
} from './social-sign-in';

/** A popup window as far as the opener can see it. */
function fakePopup() {
  return { closed: false, focus: vi.fn() };
}

function stubOpen(popup = fakePopup()) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { open, popup };
}

const report = (error: string | null, origin = window.location.origin) =>
  window.dispatchEvent(
    new MessageEvent('message', { origin, data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error } }),
  );

/** The promise's outcome so far, without waiting for it. */
function track(promise: Promise<void>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => void (state.settled = true),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sign-in popup', () => {
  it('opens a 500 x 600 popup at the sign-in start, carrying where to return to', async () => {
    const { open } = stubOpen();
    const signIn = openSignInPopup('/purchase/7');
    const [url, name, features] = open.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/social/start?mode=popup&returnTo=%2Fpurchase%2F7');
    expect(name).toBe('shop-social-sign-in');
    expect(features).toContain(`width=${AUTH_POPUP.width}`);
    expect(features).toContain(`height=${AUTH_POPUP.height}`);
    report(null);
    await expect(signIn).resolves.toBeUndefined();
  });

  it("rejects with the provider's error code when the popup reports a failure", async () => {
    stubOpen();
    const signIn = openSignInPopup('/');
    report('account_not_linked');
    await expect(signIn).rejects.toMatchObject({ code: 'account_not_linked', message: expect.any(String) });
  });

  it('ignores messages from another origin and of another kind', async () => {
    stubOpen();
    const state = track(openSignInPopup('/'));
    report(null, 'https://evil.test');
    window.dispatchEvent(
      new MessageEvent('message', { origin: window.location.origin, data: { type: 'other' } }),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(state.settled).toBe(false);
    report(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toEqual({ settled: true });
  });

  it('a popup found closed is rejected as closed by the user, after the 2-second grace', async () => {
    const { popup } = stubOpen();
    const state = track(openSignInPopup('/'));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500 + AUTH_POPUP.closedCheckDelayMs - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.error).toBeInstanceOf(SocialSignInError);
    expect(state.error).toMatchObject({ code: 'popup-closed-by-user' });
  });

  it('a report that arrives during the grace still wins', async () => {
    const { popup } = stubOpen();
    const state = track(openSignInPopup('/'));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    report(null);
    await vi.advanceTimersByTimeAsync(AUTH_POPUP.closedCheckDelayMs * 2);
    expect(state).toEqual({ settled: true });
  });

  it('a new popup cancels the earlier one', async () => {
    stubOpen();
    const first = track(openSignInPopup('/'));
    const second = openSignInPopup('/');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.error).toMatchObject({ code: 'cancelled-popup-request' });
    report(null);
    await expect(second).resolves.toBeUndefined();
  });

  it("rejects with 'popup-blocked' when the browser refuses the popup", async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(openSignInPopup('/')).rejects.toMatchObject({ code: 'popup-blocked' });
  });
});

describe('the domain check', () => {
  it("raises 'unauthorized-domain' on an address the shop does not authorize", () => {
    expect(() => assertAuthorizedDomain(['https://shop.example'], 'http://localhost:5173')).toThrow(
      expect.objectContaining({ code: 'unauthorized-domain' }),
    );
    expect(() => assertAuthorizedDomain(['https://shop.example'], 'https://shop.example')).not.toThrow();
  });
});

describe('the report from the popup', () => {
  it('is posted to the opener for this origin only', () => {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    try {
      expect(hasOpener()).toBe(true);
      reportToOpener('access_denied');
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: 'access_denied' },
        window.location.origin,
      );
    } finally {
      window.opener = null;
    }
  });

  it('is not possible without an opener', () => {
    expect(hasOpener()).toBe(false);
  });
});
