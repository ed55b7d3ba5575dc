// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { on, type PlatformEventName, type PlatformEvents } from '../event-bus.js';
import {
  csFormAtom,
  platformStore,
  tokenAtom,
  userNameAtom,
  clientIdAtom,
  clientIdQuery,
  isFromGameFaqAtom,
  pendingAccountSwitchAtom,
  pendingGameEntryAtom,
  restoreGameClient,
  setGameClient,
} from './store.js';
import {
  confirmAccountSwitch,
  declineAccountSwitch,
  expireSession,
  followKeptLoginElsewhere,
  login,
  logout,
  offerAccountSwitch,
  readStoredLogin,
} from './login-state.js';
import { applyGameEntryForm, resetCsForm, restoreCsForm, setCsForm } from './support-draft.js';
import { EMPTY_CS_FORM } from './csform.js';
import { keepField, readKeptFields } from './kept-fields.js';

const player = { token: 't-123', userName: 'player1', type: 'PLATFORM' as const, role: 'player' as const };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  logout();
});

/** What the bus announced as `name` while `act` ran. */
function eventsDuring<Name extends PlatformEventName>(name: Name, act: () => void): PlatformEvents[Name][] {
  const seen: PlatformEvents[Name][] = [];
  const stop = on(name, (detail) => seen.push(detail));
  try {
    act();
  } finally {
    stop();
  }
  return seen;
}

/** What another tab's logout of a kept login looks like to this tab: local storage's token removed. */
function logoutInAnotherTab(token: string): void {
  localStorage.removeItem('oauth_token');
  window.dispatchEvent(new StorageEvent('storage', { key: 'oauth_token', oldValue: token, newValue: null, storageArea: localStorage }));
}

describe('a logout in another tab', () => {
  it('ends the same kept login here at once, announced as elsewhere, the draft kept for its owner', () => {
    login(player, { remember: true });
    setCsForm({ title: 'Half written' });
    const stop = followKeptLoginElsewhere();
    try {
      const changes = eventsDuring('session:changed', () => logoutInAnotherTab('t-123'));
      expect(changes).toEqual([{ loggedIn: false, reason: 'elsewhere' }]);
      expect(platformStore.get(tokenAtom)).toBeNull();
      expect(sessionStorage.getItem('oauth_token')).toBeNull();
      expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Half written', owner: 'player1' });
    } finally {
      stop();
    }
  });

  it('leaves a login this tab holds alone, and a tab already logged out', () => {
    login(player, { remember: false });
    const stop = followKeptLoginElsewhere();
    try {
      expect(eventsDuring('session:changed', () => logoutInAnotherTab('t-other'))).toEqual([]);
      expect(platformStore.get(tokenAtom)).toBe('t-123');
      logout();
      expect(eventsDuring('session:changed', () => logoutInAnotherTab('t-123'))).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('a login kept in another tab', () => {
  it('logs this logged-out tab in when its token comes (written last), and leaves a tab logged in as someone else', () => {
    const stop = followKeptLoginElsewhere();
    try {
      const keptThere = (key: string, value: string) => {
        localStorage.setItem(key, value);
        window.dispatchEvent(new StorageEvent('storage', { key, oldValue: null, newValue: value, storageArea: localStorage }));
      };
      const events = eventsDuring('session:changed', () => {
        keptThere('self_username', 'player1');
        keptThere('self_type', 'PLATFORM');
        keptThere('self_role', 'player');
      });
      // Not yet: the other tab is still writing it.
      expect(platformStore.get(tokenAtom)).toBeNull();
      expect(events).toEqual([]);
      keptThere('oauth_token', 't-kept');
      expect(platformStore.get(tokenAtom)).toBe('t-kept');
      expect(platformStore.get(userNameAtom)).toBe('player1');

      logout();
      login({ ...player, token: 't-own', userName: 'player2' }, { remember: false });
      keptThere('self_username', 'player3');
      keptThere('oauth_token', 't-other');
      expect(platformStore.get(tokenAtom)).toBe('t-own');
    } finally {
      stop();
    }
  });

  it('is written token last, so a tab that sees the token finds the rest', () => {
    const written = vi.spyOn(localStorage, 'setItem');
    try {
      login(player, { remember: true });
      expect(written.mock.calls.at(-1)?.[0]).toBe('oauth_token');
    } finally {
      written.mockRestore();
    }
  });
});

describe('login state', () => {
  it('keeps the login in session storage only without remember me', () => {
    login(player, { remember: false });
    expect(platformStore.get(tokenAtom)).toBe('t-123');
    expect(sessionStorage.getItem('oauth_token')).toBe('t-123');
    expect(sessionStorage.getItem('self_username')).toBe('player1');
    expect(sessionStorage.getItem('self_type')).toBe('PLATFORM');
    expect(sessionStorage.getItem('self_role')).toBe('player');
    expect(localStorage.getItem('oauth_token')).toBeNull();
  });

  it('reads a kept login without a role as one whose role is not known yet', () => {
    login(player, { remember: false });
    expect(readStoredLogin()?.role).toBe('player');
    sessionStorage.removeItem('self_role');
    expect(readStoredLogin()?.role).toBeNull();
  });

  it('also keeps it in local storage with remember me, and reads session storage first', () => {
    login(player, { remember: true });
    expect(localStorage.getItem('oauth_token')).toBe('t-123');
    sessionStorage.setItem('oauth_token', 'newer');
    expect(readStoredLogin()?.token).toBe('newer');
    sessionStorage.clear();
    expect(readStoredLogin()?.token).toBe('t-123');
  });

  it('logout clears the store and both storages and announces it', () => {
    const events = eventsDuring('session:changed', () => {
      login(player, { remember: true });
      logout();
    });
    expect(platformStore.get(tokenAtom)).toBeNull();
    expect(platformStore.get(userNameAtom)).toBeNull();
    for (const key of ['oauth_token', 'self_username', 'self_type', 'self_role']) {
      expect(sessionStorage.getItem(key)).toBeNull();
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(events).toEqual([
      { loggedIn: true, reason: 'login' },
      { loggedIn: false, reason: 'logout' },
    ]);
  });

  it("a tab's own login, switched to from a kept one, ends without ending the kept one the other tabs use", () => {
    login(player, { remember: true });
    // This tab went on as a game link's account, for itself (session storage only).
    login({ ...player, token: 't-456', userName: 'player2' }, { remember: false });
    logout();
    expect(sessionStorage.getItem('oauth_token')).toBeNull();
    expect(localStorage.getItem('oauth_token')).toBe('t-123');
    expect(localStorage.getItem('self_username')).toBe('player1');
    login({ ...player, token: 't-789', userName: 'player2' }, { remember: false });
    expireSession();
    expect(localStorage.getItem('oauth_token')).toBe('t-123');
  });

  it("a logout also forgets a game link's token still to be checked, which would log the tab in again", () => {
    login(player, { remember: false });
    sessionStorage.setItem('unchecked_link_token', 't-link');
    logout();
    expect(sessionStorage.getItem('unchecked_link_token')).toBeNull();
  });

  it('-600 clears the same and announces an expiry', () => {
    const expired = eventsDuring('session:expired', () => {
      login(player, { remember: true });
      expireSession();
    });
    expect(platformStore.get(tokenAtom)).toBeNull();
    expect(localStorage.getItem('oauth_token')).toBeNull();
    expect(expired).toEqual([{ code: -600 }]);
  });
});

describe('a game client in the session', () => {
  it('keeps clientId and isFromGameFaq for the tab and sends clientId only when a client named one', () => {
    expect(clientIdQuery()).toEqual({});
    setGameClient({ clientId: '3', isFromGameFaq: true });
    platformStore.set(clientIdAtom, null);
    platformStore.set(isFromGameFaqAtom, false);
    restoreGameClient();
    expect(clientIdQuery()).toEqual({ clientId: '3' });
    expect(platformStore.get(isFromGameFaqAtom)).toBe(true);
  });

  it('fills the draft from the entry as an official ticket, starting afresh for another game', () => {
    setCsForm({ gameId: 2, title: 'About game two' });
    applyGameEntryForm({ gameId: 3, serverId: 's12', gameAreaId: 'asia', roleId: 'r1', roleName: 'Aria' });
    expect(platformStore.get(csFormAtom)).toMatchObject({
      gameId: 3,
      serverId: 's12',
      gameAreaId: 'asia',
      roleId: 'r1',
      roleName: 'Aria',
      ticketType: '1',
      title: '',
    });
    expect(platformStore.get(pendingGameEntryAtom)).toMatchObject({ gameId: 3 });
  });

  it("asks before another account's link takes over the session, and keeps the link's game when it does", () => {
    login(player, { remember: false });
    applyGameEntryForm({ gameId: 3, serverId: 's12', gameAreaId: '', roleId: '', roleName: '' });
    setCsForm({ title: 'Written by player1' });
    offerAccountSwitch({ token: 't-456', userName: 'player2', type: 'PLATFORM', role: 'player' });
    expect(platformStore.get(tokenAtom)).toBe('t-123');
    declineAccountSwitch();
    expect(platformStore.get(pendingAccountSwitchAtom)).toBeNull();
    expect(platformStore.get(tokenAtom)).toBe('t-123');
    offerAccountSwitch({ token: 't-456', userName: 'player2', type: 'PLATFORM', role: 'player' });
    confirmAccountSwitch();
    expect(platformStore.get(userNameAtom)).toBe('player2');
    expect(platformStore.get(csFormAtom)).toMatchObject({ gameId: 3, serverId: 's12', title: '', owner: 'player2' });
  });
});

describe('csForm', () => {
  const other = { token: 't-456', userName: 'player2', type: 'PLATFORM' as const, role: 'player' as const };
  const storedDraft = () => JSON.parse(sessionStorage.getItem('cs_form') ?? 'null') as unknown;

  it('survives a reload through session storage', () => {
    setCsForm({ title: 'Lost items', gameId: 3 });
    platformStore.set(csFormAtom, EMPTY_CS_FORM);
    restoreCsForm();
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Lost items', gameId: 3 });
  });

  it('is gone after an explicit logout, in the store and in session storage', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items', content: 'My sword vanished.', writtenPastInquiryId: 7 });
    logout();
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
    expect(sessionStorage.getItem('cs_form')).toBeNull();
    login(other, { remember: false });
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
  });

  it("an explicit logout forgets every form's kept text too (replies, profile, interrupted uploads); an expiry keeps it", () => {
    login(player, { remember: false });
    keepField('reply:player1:inquiryReply:7', 'content', 'The gems vanished.');
    keepField('profile:player1', 'phone', '+82 10 5555 0101');
    sessionStorage.setItem('unrelated', 'stays');
    expireSession();
    expect(readKeptFields('profile:player1')).toEqual({ phone: '+82 10 5555 0101' });
    login(player, { remember: false });
    logout();
    expect(readKeptFields('reply:player1:inquiryReply:7')).toEqual({});
    expect(readKeptFields('profile:player1')).toEqual({});
    expect(sessionStorage.getItem('unrelated')).toBe('stays');
  });

  it('survives a -600 expiry and the same account logging in again, including the ticket written past', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items', writtenPastInquiryId: 7 });
    expect(platformStore.get(csFormAtom).owner).toBe('player1');
    expireSession();
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Lost items', owner: 'player1' });
    login(player, { remember: false });
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Lost items', writtenPastInquiryId: 7, owner: 'player1' });
    expect(storedDraft()).toMatchObject({ title: 'Lost items', owner: 'player1' });
  });

  it('after an expiry, another account logging in starts from an empty draft', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items', writtenPastInquiryId: 7 });
    expireSession();
    login(other, { remember: false });
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
    expect(sessionStorage.getItem('cs_form')).toBeNull();
  });

  it('after an expiry and a reload, the draft is restored for the same account only', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items' });
    expireSession();
    // A reload: the page starts from an empty store; start-up logs in before it restores the draft.
    platformStore.set(csFormAtom, EMPTY_CS_FORM);
    login(other, { remember: false });
    restoreCsForm();
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
    expect(sessionStorage.getItem('cs_form')).toBeNull();

    logout();
    login(player, { remember: false });
    setCsForm({ title: 'Lost items' });
    platformStore.set(csFormAtom, EMPTY_CS_FORM);
    login(player, { remember: false, reason: 'restored' });
    restoreCsForm();
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Lost items', owner: 'player1' });
  });

  it("a guest's draft goes to the player who logs in to send it", () => {
    setCsForm({ title: 'A guest question' });
    expect(platformStore.get(csFormAtom).owner).toBe('');
    login(player, { remember: false });
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'A guest question', owner: 'player1' });
    expect(storedDraft()).toMatchObject({ owner: 'player1' });
  });

  it('waits for the account name before deciding (a game client token is checked with /users/info)', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items' });
    expireSession();
    login({ ...other, userName: '' }, { remember: false });
    expect(platformStore.get(csFormAtom)).toMatchObject({ title: 'Lost items', owner: 'player1' });
    login(other, { remember: false, reason: 'restored' });
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
  });

  it('a sent draft starts over with no owner', () => {
    login(player, { remember: false });
    setCsForm({ title: 'Lost items' });
    resetCsForm();
    expect(platformStore.get(csFormAtom)).toEqual(EMPTY_CS_FORM);
    expect(sessionStorage.getItem('cs_form')).toBeNull();
  });
});
